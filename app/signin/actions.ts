"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { signInFromForm } from "@/lib/auth/form-sign-in";
import { landingPath } from "@/lib/auth/landing";
import { sessionCookieName, sessionCookieOptions } from "@/lib/auth/session-token";
import { RATE_LIMITED_ERROR } from "@/lib/http/nextauth-route";
import { runAction } from "@/lib/http/action";

/** What the sign-in form answers when posted without JavaScript: next-auth's error name, and the code step's challenge. */
export type SignInFormState = { code: string | null; challenge: string | null; at: number };

const field = (formData: FormData, name: string) => {
  const v = formData.get(name);
  return typeof v === "string" ? v : "";
};

/**
 * The sign-in form before (or without) its script: what next-auth's credentials callback does,
 * with the same per-IP limit (`auth.signin`), then the same session cookie, then the landing page.
 * The password check counts failures on its own, outside a transaction, like next-auth's.
 */
export async function signInFromFormAction(next: string | null, _prev: SignInFormState, formData: FormData): Promise<SignInFormState> {
  const result = await runAction(await headers(), { name: "signIn", limits: ["auth.signin"], operation: { transaction: "own" } }, ({ db }) =>
    signInFromForm(db, { email: field(formData, "email"), password: field(formData, "password"), otp: field(formData, "otp"), challenge: field(formData, "challenge") }),
  );
  if (!result.ok) return { code: result.code === "RATE_LIMIT_EXCEEDED" ? RATE_LIMITED_ERROR : "other", challenge: null, at: Date.now() };
  if (!result.value.ok) return { code: result.value.error, challenge: result.value.challenge, at: Date.now() };
  (await cookies()).set(sessionCookieName(), result.value.token, sessionCookieOptions());
  redirect(landingPath(result.value.role, next));
}
