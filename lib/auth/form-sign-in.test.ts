import { decode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { newMerchant } from "@/tests/support/merchant";
import { enrollTwoFactor, totpCode } from "@/tests/support/two-factor";
import { signInFromForm, TWO_FACTOR_EXPIRED_ERROR } from "./form-sign-in";
import { authSecret } from "./secret";
import { createUser } from "./users";

const PASSWORD = "mot de passe solide";
let seq = 0;
const email = () => `form-signin-${Date.now()}-${seq++}@example.ml`;
const STEP = 30_000;

async function merchantUser() {
  const { merchant } = await newMerchant({ productionEnabled: false });
  return createUser(db(), { email: email(), password: PASSWORD, role: "merchant", merchantId: merchant.id, merchantRole: "owner" });
}

const fields = (over: Partial<Parameters<typeof signInFromForm>[1]>) => ({ email: "", password: "", otp: "", challenge: "", ...over });

describe("signInFromForm (the sign-in form posted without JavaScript)", () => {
  it("answers a wrong password as next-auth does, and the right one with next-auth's session token", async () => {
    const user = await merchantUser();
    expect(await signInFromForm(db(), fields({ email: user.email, password: "pas le bon" }))).toEqual({ ok: false, error: "CredentialsSignin", challenge: null });
    const signedIn = await signInFromForm(db(), fields({ email: user.email, password: PASSWORD }));
    expect(signedIn.ok).toBe(true);
    if (!signedIn.ok) return;
    const claims = await decode({ token: signedIn.token, secret: authSecret() });
    expect(claims).toMatchObject({ uid: user.id, role: "merchant", mid: user.merchantId, sv: user.sessionVersion });
  });

  it("with two-factor on, asks for the code with a challenge that hides the password, then signs in with the code alone", async () => {
    const user = await merchantUser();
    const { secret } = await enrollTwoFactor(db(), user.id);
    const asked = await signInFromForm(db(), fields({ email: user.email, password: PASSWORD }));
    expect(asked).toMatchObject({ ok: false, error: "TwoFactorRequired" });
    const challenge = !asked.ok ? asked.challenge! : "";
    expect(challenge).not.toContain(PASSWORD);
    expect(challenge).not.toContain(user.email);

    const wrong = await signInFromForm(db(), fields({ otp: "000000", challenge }));
    expect(wrong).toEqual({ ok: false, error: "TwoFactorInvalid", challenge });
    const right = await signInFromForm(db(), fields({ otp: await totpCode(secret, new Date(Date.now() + STEP)), challenge }));
    expect(right.ok).toBe(true);
  });

  it("starts over on an altered challenge, and never reads a session token as one", async () => {
    const user = await merchantUser();
    await enrollTwoFactor(db(), user.id);
    const asked = await signInFromForm(db(), fields({ email: user.email, password: PASSWORD }));
    const challenge = !asked.ok ? asked.challenge! : "";
    const altered = `${challenge.slice(0, -4)}AAAA`;
    expect(await signInFromForm(db(), fields({ otp: "123456", challenge: altered }))).toEqual({ ok: false, error: TWO_FACTOR_EXPIRED_ERROR, challenge: null });
    const other = await merchantUser();
    const session = await signInFromForm(db(), fields({ email: other.email, password: PASSWORD }));
    const token = session.ok ? session.token : "";
    expect(await signInFromForm(db(), fields({ otp: "123456", challenge: token }))).toEqual({ ok: false, error: TWO_FACTOR_EXPIRED_ERROR, challenge: null });
  });
});
