"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { FormAnswer } from "@/components/account/form-answer";
import { PasswordResetInput, resetPassword } from "@/lib/auth/password-reset";
import { parseInput } from "@/lib/core/validation";
import { runAction } from "@/lib/http/action";
import type { Locale } from "@/lib/i18n/locale";

/**
 * The reset link's form posted without JavaScript: what POST /dashboard-api/account/password-reset/confirm
 * does, with its limits; then the page saying it is done (the link, now used, would say it expired).
 */
export async function resetPasswordFromForm(token: string, locale: Locale, _prev: FormAnswer, formData: FormData): Promise<FormAnswer> {
  const result = await runAction(await headers(), { name: "resetPassword", limits: ["default", "auth.password_reset"] }, ({ db }) =>
    resetPassword(db, parseInput(PasswordResetInput, { token, password: String(formData.get("password") ?? "") })),
  );
  if (!result.ok) return { code: result.code, ok: false, echo: null, at: Date.now() };
  redirect(`/account/reset?done=1&lang=${locale}`);
}
