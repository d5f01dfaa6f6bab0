"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import type { FormAnswer } from "@/components/account/form-answer";
import { mintSessionToken, sessionCookieName, sessionCookieOptions } from "@/lib/auth/session-token";
import { signUp, SignUpInput } from "@/lib/auth/signup";
import { parseInput } from "@/lib/core/validation";
import { runAction } from "@/lib/http/action";
import type { Locale } from "@/lib/i18n/locale";

const field = (formData: FormData, name: string) => String(formData.get(name) ?? "");

/**
 * Sign-up posted without JavaScript: what POST /dashboard-api/signup does (same limits and checks),
 * then the session next-auth would open, then the dashboard. The test key is not shown on this
 * path (the script hands it to the home page); the developers page creates one.
 */
export async function signUpFromForm(locale: Locale, _prev: FormAnswer, formData: FormData): Promise<FormAnswer> {
  const result = await runAction(await headers(), { name: "signUp", limits: ["default", "auth.signup"] }, async ({ db }) => {
    const body = parseInput(SignUpInput, { business_name: field(formData, "business_name"), email: field(formData, "email"), password: field(formData, "password"), locale });
    const created = await signUp(db, { email: body.email, password: body.password, businessName: body.business_name, locale: body.locale });
    return mintSessionToken({ id: created.userId, role: "merchant", merchantId: created.merchantId, email: body.email });
  });
  if (!result.ok) return { code: result.code, ok: false, echo: null, at: Date.now() };
  (await cookies()).set(sessionCookieName(), result.value, sessionCookieOptions());
  redirect("/dashboard");
}
