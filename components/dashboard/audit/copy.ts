import type { MerchantRole } from "@/db/schema";
import type { MerchantAuditEntry } from "@/lib/audit/merchant-log";
import { formatXof } from "@/lib/format/money";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { roleLabels } from "@/lib/i18n/role-labels";
import { statusLabel } from "@/lib/i18n/status-labels";

export const auditCopy = defineCopy({
  fr: {
    title: "Journal d'audit",
    intro: "Les changements de l'équipe et les actions sensibles sur ce compte, les plus récents d'abord. Rien ne peut y être modifié ni effacé.",
    empty: "Aucune action enregistrée pour l'instant.",
    staff: "Équipe Cauri",
    apiKey: (id: string) => `Clé d'API ${id}`,
    formerMember: "Ancien membre",
    actions: {
      "member.invite": "Membre invité",
      "member.reinvite": "Invitation renvoyée",
      "member.accept": "Invitation acceptée",
      "member.role_change": "Rôle modifié",
      "member.remove": "Membre retiré",
      "user.password_reset.force": "Réinitialisation du mot de passe imposée par Cauri",
      "user.password_reset": "Mot de passe réinitialisé",
      "user.email_verify": "Adresse e-mail confirmée",
      "user.two_factor.enable": "Vérification en deux étapes activée",
      "user.two_factor.disable": "Vérification en deux étapes désactivée",
      "user.two_factor.recovery_codes": "Codes de secours renouvelés",
      "statement.download": "Relevé téléchargé par Cauri",
      "late_collection.credit": "Paiement tardif crédité",
      "late_collection.refund": "Paiement tardif remboursé",
      "api_key.create": "Clé d'API créée",
      "api_key.revoke": "Clé d'API révoquée",
      "webhook_endpoint.create": "Point de réception de webhooks ajouté",
      "webhook_endpoint.update": "Point de réception de webhooks modifié",
      "webhook_endpoint.delete": "Point de réception de webhooks supprimé",
      "webhook_endpoint.roll_secret": "Secret de webhook renouvelé",
      "withdrawal.request": "Retrait demandé",
      "withdrawal.team_approve": "Retrait approuvé par l'équipe",
      "withdrawal.team_refuse": "Retrait refusé par l'équipe",
      "merchant.withdrawal_approval_threshold": "Seuil d'approbation des retraits modifié",
      "withdrawal.approve": "Retrait approuvé",
      "withdrawal.complete": "Retrait effectué",
      "withdrawal.reject": "Retrait refusé",
      "brand.logo_update": "Logo changé",
      "brand.logo_remove": "Logo retiré",
      "brand.accent_update": "Couleur d'accent changée",
      "sms.uses_update": "Réglages SMS changés",
      "merchant.update": "Compte modifié par Cauri",
      "kyc.approve": "KYC approuvé",
      "kyc.reject": "KYC refusé",
    } as Record<string, string>,
    role: "Rôle",
    target: "Objet",
    previous: "Précédent",
    next: "Suivant",
    page: (n: number, of: number) => `Page ${n} sur ${of}`,
    pagination: "Pages du journal",
  },
  en: {
    title: "Audit log",
    intro: "Team changes and sensitive actions on this account, newest first. Nothing in it can be changed or erased.",
    empty: "No action recorded yet.",
    staff: "Cauri staff",
    apiKey: (id: string) => `API key ${id}`,
    formerMember: "Former member",
    actions: {
      "member.invite": "Member invited",
      "member.reinvite": "Invitation sent again",
      "member.accept": "Invitation accepted",
      "member.role_change": "Role changed",
      "member.remove": "Member removed",
      "user.password_reset.force": "Password reset forced by Cauri",
      "user.password_reset": "Password reset",
      "user.email_verify": "E-mail address confirmed",
      "user.two_factor.enable": "Two-step verification turned on",
      "user.two_factor.disable": "Two-step verification turned off",
      "user.two_factor.recovery_codes": "Recovery codes renewed",
      "statement.download": "Statement downloaded by Cauri",
      "late_collection.credit": "Late payment credited",
      "late_collection.refund": "Late payment refunded",
      "api_key.create": "API key created",
      "api_key.revoke": "API key revoked",
      "webhook_endpoint.create": "Webhook endpoint created",
      "webhook_endpoint.update": "Webhook endpoint changed",
      "webhook_endpoint.delete": "Webhook endpoint deleted",
      "webhook_endpoint.roll_secret": "Webhook secret rolled",
      "withdrawal.request": "Withdrawal requested",
      "withdrawal.team_approve": "Withdrawal approved by the team",
      "withdrawal.team_refuse": "Withdrawal refused by the team",
      "merchant.withdrawal_approval_threshold": "Withdrawal approval threshold changed",
      "withdrawal.approve": "Withdrawal approved",
      "withdrawal.complete": "Withdrawal completed",
      "withdrawal.reject": "Withdrawal rejected",
      "brand.logo_update": "Logo changed",
      "brand.logo_remove": "Logo removed",
      "brand.accent_update": "Accent colour changed",
      "sms.uses_update": "Text-message settings changed",
      "merchant.update": "Account changed by Cauri",
      "kyc.approve": "KYC approved",
      "kyc.reject": "KYC rejected",
    },
    role: "Role",
    target: "Target",
    previous: "Previous",
    next: "Next",
    page: (n: number, of: number) => `Page ${n} of ${of}`,
    pagination: "Log pages",
  },
});

/** The facts worth a line: e-mail and role of a member, display of a key, URL of an endpoint, amount of a withdrawal. */
export function auditSummary(entry: MerchantAuditEntry, locale: Locale): string {
  const data = { ...(entry.before ?? {}), ...(entry.after ?? {}) } as Record<string, unknown>;
  const roles = roleLabels[locale];
  const parts: string[] = [];
  if (typeof data.email === "string") parts.push(data.email);
  if (entry.action === "member.role_change" && entry.before?.role && entry.after?.role) {
    parts.push(`${roles[entry.before.role as MerchantRole] ?? entry.before.role} → ${roles[entry.after.role as MerchantRole] ?? entry.after.role}`);
  } else if (typeof data.role === "string") parts.push(roles[data.role as MerchantRole] ?? data.role);
  for (const key of ["display", "url", "reference"] as const) if (typeof data[key] === "string") parts.push(data[key] as string);
  if (typeof data.amount === "number") parts.push(formatXof(data.amount));
  if (typeof data.mode === "string") parts.push(statusLabel("mode", data.mode, locale));
  return parts.join(" · ");
}

/** Who did it, as the log names them: Cauri staff, an API key, or the member's e-mail. */
export function auditActor(entry: MerchantAuditEntry, locale: Locale): string {
  const t = auditCopy[locale];
  return entry.actor.kind === "staff" ? t.staff : entry.actor.kind === "api_key" ? t.apiKey(entry.actor.id) : (entry.actor.email ?? t.formerMember);
}
