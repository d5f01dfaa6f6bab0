import type { z } from "zod";
import type { Locale } from "@/lib/i18n/locale";
import type { MailTemplate, RenderedMail } from "./define";
import { testMail } from "./test";
import { invitationMail } from "./invitation";
import { disputeOpenedMail, productionOpenedMail, webhookDisabledMail, webhookFailingMail, withdrawalUpdateMail } from "./merchant-notifications";
import { paymentReceiptMail, subscriptionPortalMail } from "./customer-mail";
import { passwordResetMail } from "./password_reset";
import { emailVerificationMail } from "./email_verification";
import { invoiceMail } from "./invoice-mail";
import { withdrawalApprovalMail } from "@/lib/notifications/withdrawal-approval-mail";
import { weeklySummaryMail } from "./weekly-summary";
import { refundExecutedMail } from "./refund-mail";

/** Every message kind the product sends, by name. A new kind is added here. */
export const mailTemplates = {
  test: testMail,
  invitation: invitationMail,
  withdrawal_update: withdrawalUpdateMail,
  webhook_failing: webhookFailingMail,
  webhook_disabled: webhookDisabledMail,
  dispute_opened: disputeOpenedMail,
  production_opened: productionOpenedMail,
  payment_receipt: paymentReceiptMail,
  subscription_portal: subscriptionPortalMail,
  password_reset: passwordResetMail,
  email_verification: emailVerificationMail,
  invoice: invoiceMail,
  withdrawal_approval: withdrawalApprovalMail,
  refund_executed: refundExecutedMail,
  weekly_summary: weeklySummaryMail,
} satisfies Record<string, MailTemplate>;

export type MailTemplateName = keyof typeof mailTemplates;
export type MailParams<N extends MailTemplateName> = z.input<(typeof mailTemplates)[N]["params"]>;

export const isMailTemplateName = (name: string): name is MailTemplateName => Object.hasOwn(mailTemplates, name);

/** Renders a message; the parameters are parsed by the template's schema first. */
export function renderMail<N extends MailTemplateName>(name: N, locale: Locale, params: MailParams<N>): RenderedMail {
  // A name or locale smuggled past the compiler (a cast, plain JS) would render nothing sensible.
  if (!isMailTemplateName(name)) throw new Error(`mail template ${String(name)} is not in the registry`);
  const template: MailTemplate = mailTemplates[name];
  const render = template.render[locale];
  if (!render) throw new Error(`mail template ${name} has no locale ${String(locale)}`);
  return render(template.params.parse(params));
}
