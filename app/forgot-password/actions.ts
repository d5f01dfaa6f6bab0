"use server";

import { headers } from "next/headers";
import type { FormAnswer } from "@/components/account/form-answer";
import { PasswordResetRequestInput, requestPasswordReset } from "@/lib/auth/password-reset";
import { parseInput } from "@/lib/core/validation";
import { runAction } from "@/lib/http/action";
import type { Locale } from "@/lib/i18n/locale";

/** "Forgot password" posted without JavaScript: what POST /dashboard-api/account/password-reset does, with its limits. */
export async function requestResetFromForm(locale: Locale, _prev: FormAnswer, formData: FormData): Promise<FormAnswer> {
  const email = String(formData.get("email") ?? "").trim();
  const result = await runAction(await headers(), { name: "requestPasswordReset", limits: ["default", "auth.password_reset"] }, ({ db }) =>
    requestPasswordReset(db, parseInput(PasswordResetRequestInput, { email, locale })),
  );
  return result.ok ? { code: null, ok: true, echo: email, at: Date.now() } : { code: result.code, ok: false, echo: null, at: Date.now() };
}
