import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import * as requestRoute from "@/app/dashboard-api/account/password-reset/route";
import * as confirmRoute from "@/app/dashboard-api/account/password-reset/confirm/route";
import * as twoFactorRoute from "@/app/dashboard-api/account/two-factor/route";
import { userCommands } from "@/bin/commands/user";
import { db, type Database } from "@/db/client";
import { auditLog, mailOutbox } from "@/db/schema";
import { createRateLimiter, setProcessRateLimiter } from "@/lib/rate-limit/limits";
import { sendDueMail } from "@/lib/mail/send-job";
import { startSmtpServer } from "@/lib/mail/test-support";
import { lastMail, tokenInText } from "@/tests/support/account-mail";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";
import { verifyPassword } from "./passwords";
import { forcePasswordReset, requestPasswordReset, resetPassword } from "./password-reset";
import { mintSessionCookie } from "./session-token";
import { authenticate, createUser, getUser, MAX_FAILED_LOGINS } from "./users";

const PASSWORD = "ancien mot de passe";
const NEW_PASSWORD = "nouveau mot de passe";
const ORIGIN = "http://localhost:3000";
let seq = 0;
const email = (tag = "reset") => `${tag}-${Date.now()}-${seq++}@example.ml`;

async function merchantUser(address = email()) {
  const { merchant } = await newMerchant();
  return createUser(db(), { email: address, password: PASSWORD, role: "merchant", merchantId: merchant.id });
}

/** Asks for a link at `now` and returns the token of the mail the product wrote. */
async function resetToken(address: string, now = new Date()): Promise<string> {
  await db().transaction((tx) => requestPasswordReset(tx as unknown as Database, { email: address, locale: "fr" }, now));
  return tokenInText((await lastMail(db(), address, "password_reset"))!.text, "/account/reset");
}

// Each rate-limit test starts from empty counters.
afterEach(() => setProcessRateLimiter(createRateLimiter()));

describe("asking for a reset link", () => {
  it("mails a 30-minute link to a known address and answers the same for an unknown one (202, nothing mailed)", async () => {
    setProcessRateLimiter(createRateLimiter());
    const user = await merchantUser();
    const known = await call(requestRoute.POST, "POST", "/dashboard-api/account/password-reset", { body: { email: user.email.toUpperCase(), locale: "en" }, headers: { origin: ORIGIN } });
    const unknownAddress = email("nobody");
    const unknown = await call(requestRoute.POST, "POST", "/dashboard-api/account/password-reset", { body: { email: unknownAddress, locale: "en" }, headers: { origin: ORIGIN } });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    expect(await lastMail(db(), unknownAddress, "password_reset")).toBeNull();
    const mail = (await lastMail(db(), user.email, "password_reset"))!;
    expect(mail).toMatchObject({ locale: "en", subject: "Cauri: choose a new password" });
    expect(mail.text).toMatch(/http:\/\/localhost:\d+\/account\/reset\?token=[A-Za-z0-9_-]{43}/);
    expect(mail.text).toContain("This link works once, for 30 minutes.");
  });

  it("refuses a malformed address with INVALID_EMAIL (which says nothing about accounts)", async () => {
    const res = await call(requestRoute.POST, "POST", "/dashboard-api/account/password-reset", { body: { email: "not-an-address" }, headers: { origin: ORIGIN } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "INVALID_EMAIL", param: "email" });
  });

  it("limits one address to 3 requests a minute, known or not, from any IP", async () => {
    setProcessRateLimiter(createRateLimiter());
    for (const address of [(await merchantUser()).email, email("ghost")]) {
      for (let i = 1; i <= 3; i++) await expect(requestPasswordReset(db(), { email: address, locale: "fr" })).resolves.toBeUndefined();
      await expect(requestPasswordReset(db(), { email: address, locale: "fr" })).rejects.toMatchObject({ code: "RATE_LIMIT_EXCEEDED", status: 429 });
    }
  });

  it("limits one IP to 10 requests a minute across addresses (the 11th: 429 with Retry-After)", async () => {
    setProcessRateLimiter(createRateLimiter());
    const ask = () => call(requestRoute.POST, "POST", "/dashboard-api/account/password-reset", { body: { email: email("ip") }, headers: { origin: ORIGIN } });
    for (let i = 1; i <= 10; i++) expect((await ask()).status).toBe(202);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("RATE_LIMIT_EXCEEDED");
    expect(refused.headers.get("retry-after")).toBeTruthy();
  });

  it("is delivered by the mail job through SMTP, the link in the message", async () => {
    const smtp = await startSmtpServer();
    try {
      const user = await merchantUser();
      const token = await resetToken(user.email);
      await sendDueMail(db(), { settings: { from: "Cauri <no-reply@cauri.test>", delivery: { kind: "smtp", smtp: { host: "127.0.0.1", port: smtp.port } } } });
      const received = smtp.received.find((r) => r.envelopeTo.includes(user.email))!;
      expect(received.mail.subject).toBe("Cauri : choisissez un nouveau mot de passe");
      expect(received.mail.text).toContain(`/account/reset?token=${token}`);
    } finally {
      await smtp.close();
    }
  });
});

describe("setting the new password from the link", () => {
  it("works at 29:59 and not at 30:00", async () => {
    const t0 = new Date("2026-03-01T10:00:00Z");
    const late = await merchantUser();
    await expect(resetPassword(db(), { token: await resetToken(late.email, t0), password: NEW_PASSWORD }, new Date(t0.getTime() + 30 * 60_000))).rejects.toMatchObject({
      code: "RESET_LINK_INVALID",
      status: 400,
    });
    const inTime = await merchantUser();
    await expect(resetPassword(db(), { token: await resetToken(inTime.email, t0), password: NEW_PASSWORD }, new Date(t0.getTime() + 30 * 60_000 - 1000))).resolves.toEqual({
      email: inTime.email,
    });
  });

  it("works once; only the newest link works; a too-short password does not use the link up", async () => {
    const user = await merchantUser();
    const older = await resetToken(user.email);
    const token = await resetToken(user.email);
    await expect(resetPassword(db(), { token: older, password: NEW_PASSWORD })).rejects.toMatchObject({ code: "RESET_LINK_INVALID" });
    await expect(resetPassword(db(), { token, password: "123456789" })).rejects.toMatchObject({ code: "INVALID_PASSWORD", param: "password" });
    await expect(resetPassword(db(), { token, password: NEW_PASSWORD })).resolves.toEqual({ email: user.email });
    await expect(resetPassword(db(), { token, password: "un autre mot de passe" })).rejects.toMatchObject({ code: "RESET_LINK_INVALID" });
    await expect(resetPassword(db(), { token: "made-up", password: NEW_PASSWORD })).rejects.toMatchObject({ code: "RESET_LINK_INVALID" });
    const after = (await getUser(db(), user.id))!;
    expect(await verifyPassword(NEW_PASSWORD, after.passwordHash!)).toBe(true);
  });

  it("two submissions of one link at once: exactly one succeeds", async () => {
    const user = await merchantUser();
    const token = await resetToken(user.email);
    const results = await Promise.allSettled(
      ["premier mot de passe", "second mot de passe"].map((password) => db().transaction((tx) => resetPassword(tx as unknown as Database, { token, password }))),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(["RESET_LINK_INVALID"]);
    const rows = await db().select().from(auditLog).where(eq(auditLog.targetId, user.id));
    expect(rows.filter((r) => r.action === "user.password_reset")).toHaveLength(1);
  });

  it("revokes every session (a cookie minted before is refused), clears the lockout, verifies the address, audits for the merchant", async () => {
    const user = await merchantUser();
    const cookie = await mintSessionCookie(user);
    const status = () => call(twoFactorRoute.GET, "GET", "/dashboard-api/account/two-factor", { headers: { cookie, origin: ORIGIN } });
    expect((await status()).status).toBe(200);
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) await authenticate(db(), user.email, "mauvais mot de passe");
    expect((await authenticate(db(), user.email, PASSWORD)).ok).toBe(false);

    const token = await resetToken(user.email);
    const res = await call(confirmRoute.POST, "POST", "/dashboard-api/account/password-reset/confirm", { body: { token, password: NEW_PASSWORD }, headers: { origin: ORIGIN } });
    expect(res.status).toBe(200);

    const refused = await status();
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("SESSION_REQUIRED");
    const after = (await getUser(db(), user.id))!;
    expect(after).toMatchObject({ failedLogins: 0, lockedUntil: null, sessionVersion: user.sessionVersion + 1 });
    expect(after.emailVerifiedAt).toBeInstanceOf(Date);
    expect((await authenticate(db(), user.email, NEW_PASSWORD)).ok).toBe(true);
    const [row] = await db().select().from(auditLog).where(eq(auditLog.targetId, user.id));
    expect(row).toMatchObject({ action: "user.password_reset", actor: `user:${user.id}`, merchantId: user.merchantId });
    expect(JSON.stringify(row)).not.toContain(token);
  });
});

describe("a reset forced by staff", () => {
  it("clears the password, ends the sessions, mails a link and audits who did it (ops user force-reset)", async () => {
    const user = await merchantUser();
    const cookie = await mintSessionCookie(user);
    let printed: unknown;
    await userCommands["force-reset"].run({ db: db(), args: [], flags: { email: user.email, actor: "cli:fatou" }, json: true, out: (v) => (printed = v) });
    expect(printed).toMatchObject({ user_id: user.id, password_cleared: true, sessions_revoked: true });

    const after = (await getUser(db(), user.id))!;
    expect(after.passwordHash).toBeNull();
    expect((await authenticate(db(), user.email, PASSWORD)).ok).toBe(false);
    expect((await call(twoFactorRoute.GET, "GET", "/dashboard-api/account/two-factor", { headers: { cookie, origin: ORIGIN } })).status).toBe(401);
    const mail = (await lastMail(db(), user.email, "password_reset"))!;
    expect(mail.text).toContain("l'équipe Cauri a réinitialisé votre mot de passe");
    const [row] = await db().select().from(auditLog).where(eq(auditLog.targetId, user.id));
    expect(row).toMatchObject({ action: "user.password_reset.force", actor: "cli:fatou", merchantId: user.merchantId, after: { has_password: false } });

    await resetPassword(db(), { token: tokenInText(mail.text, "/account/reset"), password: NEW_PASSWORD });
    expect((await authenticate(db(), user.email, NEW_PASSWORD)).ok).toBe(true);
  });

  it("rolls back with the caller's transaction, and refuses an unknown user", async () => {
    const user = await merchantUser();
    await expect(
      db().transaction(async (tx) => {
        await forcePasswordReset(tx as unknown as Database, { userId: user.id, actor: { staffId: "staff:x" } });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect((await getUser(db(), user.id))!.passwordHash).not.toBeNull();
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.to, user.email))).toHaveLength(0);
    await expect(forcePasswordReset(db(), { userId: "usr_nope", actor: { staffId: "staff:x" } })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(userCommands["force-reset"].run({ db: db(), args: [], flags: { email: email("none") }, json: true, out: () => {} })).rejects.toThrow("no user");
  });
});

