import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as opsRequests from "@/app/ops-api/requests/route";
import * as opsTwoFactor from "@/app/ops-api/account/two-factor/route";
import * as opsConfirm from "@/app/ops-api/account/two-factor/confirm/route";
import * as dashTwoFactor from "@/app/dashboard-api/account/two-factor/route";
import * as dashConfirm from "@/app/dashboard-api/account/two-factor/confirm/route";
import * as dashDisable from "@/app/dashboard-api/account/two-factor/disable/route";
import { db, type Database } from "@/db/client";
import { auditLog, userRecoveryCodes } from "@/db/schema";
import { updateMerchant } from "@/lib/platform/merchants";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";
import { enrollTwoFactor, totpCode } from "@/tests/support/two-factor";
import { RECOVERY_CODE_COUNT, unusedRecoveryCodes } from "./recovery-codes";
import { mintSessionCookie } from "./session-token";
import { openTotpSecret } from "./totp";
import { checkSecondFactor, confirmEnrollment, disableTwoFactor, regenerateRecoveryCodes, startEnrollment, twoFactorStatus } from "./two-factor";
import { authenticate, createStaffUser, createUser, getUser, MAX_FAILED_LOGINS } from "./users";

const PASSWORD = "mot de passe solide";
const ORIGIN = "http://localhost:3000";
let seq = 0;
const email = (tag = "2fa") => `${tag}-${Date.now()}-${seq++}@example.ml`;
const STEP = 30_000;

async function merchantUser(role: "owner" | "developer" = "owner") {
  const { merchant } = await newMerchant({ productionEnabled: false });
  return createUser(db(), { email: email(), password: PASSWORD, role: "merchant", merchantId: merchant.id, merchantRole: role });
}

describe("enrollment", () => {
  it("stores the secret encrypted (AES-256-GCM, bound to the user) and turns on only with a current code", async () => {
    const user = await merchantUser();
    const { secret, otpauth_url, qr_data_url } = await startEnrollment(db(), user.id);
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/Cauri:.+\?.*secret=/);
    expect(qr_data_url).toMatch(/^data:image\/png;base64,/);
    const stored = (await getUser(db(), user.id))!;
    expect(stored.totpSecret).not.toContain(secret);
    expect(stored.totpEnabledAt).toBeNull();
    expect(openTotpSecret(user.id, stored.totpSecret!)).toBe(secret);
    expect(() => openTotpSecret("usr_other", stored.totpSecret!)).toThrow();

    await expect(confirmEnrollment(db(), user.id, "000000")).rejects.toMatchObject({ code: "INVALID_TWO_FACTOR_CODE", status: 400 });
    const now = new Date();
    const { recovery_codes } = await confirmEnrollment(db(), user.id, await totpCode(secret, now), now);
    expect(recovery_codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recovery_codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const c of recovery_codes) expect(c).toMatch(/^[2-9a-z]{5}-[2-9a-z]{5}$/);
    const rows = await db().select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.id));
    expect(rows.map((r) => r.codeHash).join()).not.toContain(recovery_codes[0].replace("-", ""));
    expect(await twoFactorStatus(db(), (await getUser(db(), user.id))!)).toMatchObject({ enabled: true, recovery_codes_left: 10, required: false });
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.targetId, user.id));
    expect(audit).toMatchObject({ action: "user.two_factor.enable", actor: `user:${user.id}`, merchantId: user.merchantId });

    await expect(startEnrollment(db(), user.id)).rejects.toMatchObject({ code: "TWO_FACTOR_ALREADY_ENABLED", status: 409 });
    await expect(confirmEnrollment(db(), user.id, "123456")).rejects.toMatchObject({ code: "TWO_FACTOR_ALREADY_ENABLED" });
  });

  it("refuses a confirmation before any start: TWO_FACTOR_NOT_STARTED", async () => {
    const user = await merchantUser();
    await expect(confirmEnrollment(db(), user.id, "123456")).rejects.toMatchObject({ code: "TWO_FACTOR_NOT_STARTED", status: 409 });
  });
});

describe("codes", () => {
  it("accepts the code of one step either side, not two; each step once (no replay within its window)", async () => {
    const t0 = new Date("2026-05-01T08:00:10Z");
    const user = await merchantUser();
    const { secret, user: enrolled } = await enrollTwoFactor(db(), user.id, t0);
    // The enrollment's own code (step of t0) cannot be used again.
    expect(await checkSecondFactor(db(), enrolled, await totpCode(secret, t0), t0)).toBe(false);
    const t1 = new Date(t0.getTime() + 10 * STEP);
    expect(await checkSecondFactor(db(), enrolled, await totpCode(secret, new Date(t1.getTime() - 2 * STEP)), t1)).toBe(false);
    expect(await checkSecondFactor(db(), enrolled, await totpCode(secret, new Date(t1.getTime() + 2 * STEP)), t1)).toBe(false);
    expect(await checkSecondFactor(db(), enrolled, await totpCode(secret, new Date(t1.getTime() - STEP)), t1)).toBe(true);
    const current = await totpCode(secret, t1);
    expect(await checkSecondFactor(db(), enrolled, current.slice(0, 3) + " " + current.slice(3), t1)).toBe(true);
    expect(await checkSecondFactor(db(), enrolled, current, new Date(t1.getTime() + 20_000))).toBe(false);
  });

  it("a recovery code works once, even when used twice at once; new codes replace the old ones", async () => {
    const user = await merchantUser();
    const { recoveryCodes, user: enrolled, secret } = await enrollTwoFactor(db(), user.id);
    const [first, second] = recoveryCodes;
    const results = await Promise.all([1, 2].map(() => db().transaction((tx) => checkSecondFactor(tx as unknown as Database, enrolled, first.toUpperCase()))));
    expect(results.sort()).toEqual([false, true]);
    expect(await checkSecondFactor(db(), enrolled, first)).toBe(false);
    expect(await twoFactorStatus(db(), enrolled)).toMatchObject({ recovery_codes_left: 9 });

    await expect(regenerateRecoveryCodes(db(), user.id, "000000")).rejects.toMatchObject({ code: "INVALID_TWO_FACTOR_CODE" });
    const later = new Date(Date.now() + 2 * STEP);
    const { recovery_codes } = await regenerateRecoveryCodes(db(), user.id, await totpCode(secret, later), later);
    expect(recovery_codes).toHaveLength(10);
    expect(await checkSecondFactor(db(), enrolled, second)).toBe(false);
    expect(await checkSecondFactor(db(), enrolled, recovery_codes[0])).toBe(true);
    await expect(regenerateRecoveryCodes(db(), (await merchantUser()).id, "123456")).rejects.toMatchObject({ code: "TWO_FACTOR_NOT_ENABLED" });
  });
});

describe("sign-in with two-factor", () => {
  it("asks for the code after the right password (not counted as a failure), then signs in with it", async () => {
    const user = await merchantUser();
    const { secret } = await enrollTwoFactor(db(), user.id);
    await expect(authenticate(db(), user.email, "mauvais mot de passe")).resolves.toEqual({ ok: false, reason: "invalid" });
    await expect(authenticate(db(), user.email, PASSWORD)).resolves.toEqual({ ok: false, reason: "two_factor_required" });
    expect((await getUser(db(), user.id))!.failedLogins).toBe(1);
    const later = new Date(Date.now() + 2 * STEP);
    await expect(authenticate(db(), user.email, PASSWORD, later, await totpCode(secret, later))).resolves.toMatchObject({ ok: true, user: { id: user.id, failedLogins: 0 } });
    // The same code again (a replay): refused.
    await expect(authenticate(db(), user.email, PASSWORD, later, await totpCode(secret, later))).resolves.toEqual({ ok: false, reason: "two_factor_invalid" });
  });

  it(`counts wrong codes as failed sign-ins: the ${MAX_FAILED_LOGINS}th locks the account`, async () => {
    const user = await merchantUser();
    const { recoveryCodes } = await enrollTwoFactor(db(), user.id);
    for (let i = 1; i < MAX_FAILED_LOGINS; i++) await expect(authenticate(db(), user.email, PASSWORD, undefined, "000000")).resolves.toEqual({ ok: false, reason: "two_factor_invalid" });
    await expect(authenticate(db(), user.email, PASSWORD, undefined, "000000")).resolves.toMatchObject({ ok: false, reason: "locked" });
    await expect(authenticate(db(), user.email, PASSWORD, undefined, recoveryCodes[0])).resolves.toMatchObject({ ok: false, reason: "locked" });
  });

  it("a recovery code signs in once", async () => {
    const user = await merchantUser();
    const { recoveryCodes } = await enrollTwoFactor(db(), user.id);
    await expect(authenticate(db(), user.email, PASSWORD, undefined, recoveryCodes[3])).resolves.toMatchObject({ ok: true });
    await expect(authenticate(db(), user.email, PASSWORD, undefined, recoveryCodes[3])).resolves.toEqual({ ok: false, reason: "two_factor_invalid" });
  });
});

describe("turning two-factor off", () => {
  it("needs the password and a code; refused for an owner in production and for staff", async () => {
    const user = await merchantUser();
    const { recoveryCodes } = await enrollTwoFactor(db(), user.id);
    await expect(disableTwoFactor(db(), user.id, { password: "pas le bon", code: recoveryCodes[0] })).rejects.toMatchObject({ code: "WRONG_PASSWORD", param: "password" });
    await expect(disableTwoFactor(db(), user.id, { password: PASSWORD, code: "000000" })).rejects.toMatchObject({ code: "INVALID_TWO_FACTOR_CODE" });
    await updateMerchant(db(), user.merchantId!, { productionEnabled: true });
    await expect(disableTwoFactor(db(), user.id, { password: PASSWORD, code: recoveryCodes[1] })).rejects.toMatchObject({ code: "TWO_FACTOR_DISABLE_FORBIDDEN", status: 409 });
    await updateMerchant(db(), user.merchantId!, { productionEnabled: false });

    const cookie = await mintSessionCookie(user);
    const res = await call(dashDisable.POST, "POST", "/dashboard-api/account/two-factor/disable", { body: { password: PASSWORD, code: recoveryCodes[2] }, headers: { cookie, origin: ORIGIN } });
    expect(res.status).toBe(200);
    const after = (await getUser(db(), user.id))!;
    expect(after).toMatchObject({ totpSecret: null, totpEnabledAt: null });
    expect(await unusedRecoveryCodes(db(), user.id)).toBe(0);
    await expect(disableTwoFactor(db(), user.id, { password: PASSWORD, code: "123456" })).rejects.toMatchObject({ code: "TWO_FACTOR_NOT_ENABLED" });

    const staff = await createStaffUser(db(), { email: email("staff"), password: PASSWORD });
    const { recoveryCodes: staffCodes } = await enrollTwoFactor(db(), staff.id);
    await expect(disableTwoFactor(db(), staff.id, { password: PASSWORD, code: staffCodes[0] })).rejects.toMatchObject({ code: "TWO_FACTOR_DISABLE_FORBIDDEN" });
  });

  it("a developer of a merchant in production may turn it off (only owners are held to it)", async () => {
    const dev = await merchantUser("developer");
    const { recoveryCodes } = await enrollTwoFactor(db(), dev.id);
    await updateMerchant(db(), dev.merchantId!, { productionEnabled: true });
    await expect(disableTwoFactor(db(), dev.id, { password: PASSWORD, code: recoveryCodes[0] })).resolves.toBeUndefined();
  });
});

describe("the dashboard's routes", () => {
  it("enroll any member through start and confirm", async () => {
    const user = await merchantUser("developer");
    const headers = { cookie: await mintSessionCookie(user), origin: ORIGIN };
    expect((await call(dashTwoFactor.GET, "GET", "/dashboard-api/account/two-factor", { headers })).body.data).toMatchObject({ enabled: false, required: false });
    const started = await call(dashTwoFactor.POST, "POST", "/dashboard-api/account/two-factor", { headers });
    expect(started.status).toBe(200);
    const wrong = await call(dashConfirm.POST, "POST", "/dashboard-api/account/two-factor/confirm", { body: { code: "12" }, headers });
    expect(wrong.body.error).toMatchObject({ code: "INVALID_TWO_FACTOR_CODE", param: "code" });
    const ok = await call(dashConfirm.POST, "POST", "/dashboard-api/account/two-factor/confirm", { body: { code: await totpCode(started.body.data.secret) }, headers });
    expect(ok.body.data.recovery_codes).toHaveLength(10);
  });
});

describe("staff must enroll before using the console", () => {
  it("refuses every ops-api route with 403 TWO_FACTOR_ENROLLMENT_REQUIRED, except the enrollment; then lets them in", async () => {
    const staff = await createStaffUser(db(), { email: email("staff"), password: PASSWORD });
    const headers = { cookie: await mintSessionCookie(staff), origin: ORIGIN };
    const refused = await call(opsRequests.GET, "GET", "/ops-api/requests", { headers });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("TWO_FACTOR_ENROLLMENT_REQUIRED");
    expect((await call(opsTwoFactor.GET, "GET", "/ops-api/account/two-factor", { headers })).body.data).toMatchObject({ enabled: false, required: true });
    const started = await call(opsTwoFactor.POST, "POST", "/ops-api/account/two-factor", { headers });
    const confirmed = await call(opsConfirm.POST, "POST", "/ops-api/account/two-factor/confirm", { body: { code: await totpCode(started.body.data.secret) }, headers });
    expect(confirmed.status).toBe(200);
    expect((await call(opsRequests.GET, "GET", "/ops-api/requests", { headers })).status).toBe(200);
    // A merchant session gets 404 from the console's enrollment like from every console route.
    const merchantHeaders = { cookie: await mintSessionCookie(await merchantUser()), origin: ORIGIN };
    expect((await call(opsTwoFactor.GET, "GET", "/ops-api/account/two-factor", { headers: merchantHeaders })).status).toBe(404);

  });
});
