"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { FormAnswer } from "@/components/account/form-answer";
import { runAction } from "@/lib/http/action";
import type { Locale } from "@/lib/i18n/locale";
import { acceptInvitation, AcceptInvitationInput } from "@/lib/team/invitations";
import { parseInput } from "@/lib/core/validation";

/** The invitation's password form posted without JavaScript: what POST /dashboard-api/invitation does, then the sign-in page. */
export async function acceptInvitationFromForm(token: string, locale: Locale, _prev: FormAnswer, formData: FormData): Promise<FormAnswer> {
  const password = String(formData.get("password") ?? "");
  // The two fields are compared here too: the script does it in the page.
  if (password !== String(formData.get("confirm") ?? "")) return { code: "PASSWORD_MISMATCH", ok: false, echo: null, at: Date.now() };
  const result = await runAction(await headers(), { name: "acceptInvitation", limits: ["default", "auth.signup"] }, ({ db }) =>
    acceptInvitation(db, parseInput(AcceptInvitationInput, { token, password })),
  );
  if (!result.ok) return { code: result.code, ok: false, echo: null, at: Date.now() };
  redirect(`/signin?lang=${locale}`);
}
