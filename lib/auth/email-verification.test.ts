import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import * as resendRoute from "@/app/dashboard-api/account/verify-email/resend/route";
import * as verifyRoute from "@/app/dashboard-api/account/verify-email/route";
import * as signupRoute from "@/app/dashboard-api/signup/route";
import { db } from "@/db/client";
import { auditLog, users } from "@/db/schema";
import { createRateLimiter, setProcessRateLimiter } from "@/lib/rate-limit/limits";
import { lastMail, tokenInText } from "@/tests/support/account-mail";
import { call } from "@/tests/support/http";
import { verifyEmail } from "./email-verification";
import { mintSessionCookie } from "./session-token";
import { authenticate, findUserByEmail } from "./users";

const PASSWORD = "mot de passe solide";
const ORIGIN = "http://localhost:3000";
let seq = 0;
const email = () => `verify-${Date.now()}-${seq++}@example.ml`;

async function signUpByRoute(locale: "fr" | "en" = "fr") {
  const address = email();
  const res = await call(signupRoute.POST, "POST", "/dashboard-api/signup", { body: { email: address, password: PASSWORD, business_name: "Boutique Vérif", locale }, headers: { origin: ORIGIN } });
  expect(res.status).toBe(201);
  const user = (await findUserByEmail(db(), address))!;
  return { user, headers: { cookie: await mintSessionCookie(user), origin: ORIGIN } };
}

afterEach(() => setProcessRateLimiter(createRateLimiter()));

describe("e-mail verification", () => {
  it("sign-up mails a verification link in the sign-up's language; the account signs in before verifying", async () => {
    const { user } = await signUpByRoute("en");
    expect(user.emailVerifiedAt).toBeNull();
    const mail = (await lastMail(db(), user.email, "email_verification"))!;
    expect(mail).toMatchObject({ locale: "en", subject: "Cauri: confirm your e-mail address" });
    expect(mail.text).toMatch(/\/account\/verify\?token=[A-Za-z0-9_-]{43}/);
    expect((await authenticate(db(), user.email, PASSWORD)).ok).toBe(true);
  });

  it("the link verifies once; a used, made-up or expired link is VERIFICATION_LINK_INVALID", async () => {
    const { user } = await signUpByRoute();
    const token = tokenInText((await lastMail(db(), user.email, "email_verification"))!.text, "/account/verify");
    await expect(verifyEmail(db(), token, new Date(Date.now() + 7 * 24 * 3_600_000))).rejects.toMatchObject({ code: "VERIFICATION_LINK_INVALID", status: 400 });
    const ok = await call(verifyRoute.POST, "POST", "/dashboard-api/account/verify-email", { body: { token }, headers: { origin: ORIGIN } });
    expect(ok.body).toEqual({ success: true, data: { email: user.email } });
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row.emailVerifiedAt).toBeInstanceOf(Date);
    const again = await call(verifyRoute.POST, "POST", "/dashboard-api/account/verify-email", { body: { token }, headers: { origin: ORIGIN } });
    expect(again.body.error).toMatchObject({ code: "VERIFICATION_LINK_INVALID", param: "token" });
    await expect(verifyEmail(db(), "made-up")).rejects.toMatchObject({ code: "VERIFICATION_LINK_INVALID" });
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.targetId, user.id));
    expect(audit).toMatchObject({ action: "user.email_verify", merchantId: user.merchantId });
  });

  it("resend: 3 a minute per user (the 4th 429), only the newest link works, refused once verified", async () => {
    setProcessRateLimiter(createRateLimiter());
    const { user, headers } = await signUpByRoute();
    const first = tokenInText((await lastMail(db(), user.email, "email_verification"))!.text, "/account/verify");
    const resend = () => call(resendRoute.POST, "POST", "/dashboard-api/account/verify-email/resend", { body: { locale: "fr" }, headers });
    for (let i = 1; i <= 3; i++) expect((await resend()).status).toBe(202);
    const limited = await resend();
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("RATE_LIMIT_EXCEEDED");
    await expect(verifyEmail(db(), first)).rejects.toMatchObject({ code: "VERIFICATION_LINK_INVALID" });
    const newest = tokenInText((await lastMail(db(), user.email, "email_verification"))!.text, "/account/verify");
    await verifyEmail(db(), newest);

    setProcessRateLimiter(createRateLimiter());
    const verified = await resend();
    expect(verified.status).toBe(409);
    expect(verified.body.error.code).toBe("EMAIL_ALREADY_VERIFIED");
  });
});
