import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { db } from "@/db/client";
import { users } from "@/db/schema";
import { newMerchant } from "@/tests/support/merchant";
import { authenticate, createStaffUser, createUser, LOCK_MINUTES, MAX_FAILED_LOGINS } from "./users";
import { verifyPassword } from "./passwords";

const PASSWORD = "correct horse battery";
let seq = 0;
const email = (tag: string) => `${tag}-${Date.now()}-${seq++}@example.ml`;

async function merchantUser(address = email("user"), password = PASSWORD) {
  const { merchant } = await newMerchant();
  return createUser(db(), { email: address, password, role: "merchant", merchantId: merchant.id });
}

describe("accounts", () => {
  it("stores the e-mail lowercased and a bcrypt hash (cost 12), never the password", async () => {
    // The test runs hash at a lower cost (vitest.config.ts); this checks the production default.
    vi.stubEnv("CAURI_PASSWORD_HASH_COST", undefined);
    const user = await merchantUser("  Awa.Traore@Example.ML ").finally(() => vi.unstubAllEnvs());
    expect(user.email).toBe("awa.traore@example.ml");
    expect(user.passwordHash).toMatch(/^\$2[aby]\$12\$/);
    expect(user.passwordHash).not.toContain(PASSWORD);
    expect(await verifyPassword(PASSWORD, user.passwordHash!)).toBe(true);
  });

  it("refuses a second account for the same e-mail in any case: EMAIL_TAKEN", async () => {
    const address = email("dup");
    await merchantUser(address);
    await expect(merchantUser(address.toUpperCase())).rejects.toMatchObject({ code: "EMAIL_TAKEN", status: 409 });
  });

  it("checks the e-mail and both password length edges", async () => {
    await expect(merchantUser("not-an-email")).rejects.toMatchObject({ code: "INVALID_EMAIL", param: "email" });
    await expect(merchantUser(email("short"), "123456789")).rejects.toMatchObject({ code: "INVALID_PASSWORD" });
    await expect(merchantUser(email("ten"), "1234567890")).resolves.toBeTruthy();
    await expect(merchantUser(email("72"), "a".repeat(72))).resolves.toBeTruthy();
    await expect(merchantUser(email("73"), "a".repeat(73))).rejects.toMatchObject({ code: "INVALID_PASSWORD" });
    // 72 bytes, not characters: bcrypt would silently ignore the rest.
    await expect(merchantUser(email("utf8"), "é".repeat(37))).rejects.toMatchObject({ code: "INVALID_PASSWORD" });
  });

  it("keeps staff apart from merchants: a staff user has no merchant, a merchant user must have one", async () => {
    const staff = await createStaffUser(db(), { email: email("staff"), password: PASSWORD });
    expect(staff).toMatchObject({ role: "staff", merchantId: null });
    await expect(createUser(db(), { email: email("orphan"), password: PASSWORD, role: "merchant", merchantId: null })).rejects.toThrow();
  });
});

describe("sign-in and lockout", () => {
  it("accepts the right password whatever the e-mail's case, refuses a wrong one and an unknown e-mail alike", async () => {
    const user = await merchantUser();
    await expect(authenticate(db(), user.email.toUpperCase(), PASSWORD)).resolves.toMatchObject({ ok: true, user: { id: user.id } });
    await expect(authenticate(db(), user.email, "wrong password!")).resolves.toEqual({ ok: false, reason: "invalid" });
    await expect(authenticate(db(), email("nobody"), PASSWORD)).resolves.toEqual({ ok: false, reason: "invalid" });
    await expect(authenticate(db(), user.email, "")).resolves.toEqual({ ok: false, reason: "invalid" });
  });

  it(`locks the account on the ${MAX_FAILED_LOGINS}th consecutive failure for ${LOCK_MINUTES} minutes, even against the right password`, async () => {
    const user = await merchantUser();
    const t0 = new Date();
    for (let i = 1; i < MAX_FAILED_LOGINS; i++) await expect(authenticate(db(), user.email, "wrong password!", t0)).resolves.toEqual({ ok: false, reason: "invalid" });
    const fifth = await authenticate(db(), user.email, "wrong password!", t0);
    expect(fifth).toMatchObject({ ok: false, reason: "locked" });
    const lockedUntil = (fifth as { lockedUntil: Date }).lockedUntil;
    expect(lockedUntil.getTime()).toBe(t0.getTime() + LOCK_MINUTES * 60_000);

    await expect(authenticate(db(), user.email, PASSWORD, new Date(lockedUntil.getTime() - 1000))).resolves.toMatchObject({ ok: false, reason: "locked" });
    await expect(authenticate(db(), user.email, PASSWORD, lockedUntil)).resolves.toMatchObject({ ok: true });
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ failedLogins: 0, lockedUntil: null });
  });

  it("counts consecutive failures only: a success in between starts the count again", async () => {
    const user = await merchantUser();
    for (let i = 1; i < MAX_FAILED_LOGINS; i++) await authenticate(db(), user.email, "wrong password!");
    await expect(authenticate(db(), user.email, PASSWORD)).resolves.toMatchObject({ ok: true });
    for (let i = 1; i < MAX_FAILED_LOGINS; i++) await expect(authenticate(db(), user.email, "wrong password!")).resolves.toEqual({ ok: false, reason: "invalid" });
    await expect(authenticate(db(), user.email, PASSWORD)).resolves.toMatchObject({ ok: true });
  });

  it("lets no more than the allowed guesses through when they arrive all at once", async () => {
    const user = await merchantUser();
    const results = await Promise.all(Array.from({ length: 10 }, () => authenticate(db(), user.email, "wrong password!")));
    expect(results.filter((r) => !r.ok && r.reason === "invalid")).toHaveLength(MAX_FAILED_LOGINS - 1);
    expect(results.filter((r) => !r.ok && r.reason === "locked")).toHaveLength(10 - (MAX_FAILED_LOGINS - 1));
    await expect(authenticate(db(), user.email, PASSWORD)).resolves.toMatchObject({ ok: false, reason: "locked" });
  });
});
