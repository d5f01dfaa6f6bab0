import { z } from "zod";
import { formatXof } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/locale";

/**
 * Every text message the product sends, French and English, kept short: a merchant pays per
 * segment. The French avoids the letters GSM-7 lacks (ç â ê î ô û ë ï): one of them would make
 * the whole message UCS-2, 70 characters a segment instead of 160 (lib/sms/encoding.ts).
 * templates.test.ts holds each to one GSM-7 segment with long but real parameters (two for the
 * receipt, whose sealed URL alone takes 101 characters).
 */
type SmsTemplate<P extends z.ZodType> = {
  params: P;
  render: Record<Locale, (p: z.output<P>) => string>;
  /** What must not stay in the outbox once the message has left (a delivery code): replaced by dots. */
  secret?: RegExp;
};

const define = <P extends z.ZodType>(template: SmsTemplate<P>) => template;

const merchant = z.string().min(1).max(60);
const url = z.url();
/** A day, YYYY-MM-DD, shown as 31/12: the year would cost a message its one segment. */
const shortDay = z.iso.date();
const dayMonth = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

export const smsTemplates = {
  delivery_code: define({
    params: z.object({ merchant, code: z.string().regex(/^\d{6}$/), url }),
    // The order keeps its code only as an HMAC and a ciphertext (lib/secure-orders/code.ts); the outbox must not keep it either.
    secret: /(?<=(?:code de livraison|delivery code) )\d{6}/g,
    render: {
      fr: (p) => `${p.merchant} : code de livraison ${p.code}, a donner au livreur a la remise. ${p.url}`,
      en: (p) => `${p.merchant}: delivery code ${p.code}, give it to the courier on delivery. ${p.url}`,
    },
  }),
  payment_receipt: define({
    // The reference is on the receipt page: here it would take a second segment.
    params: z.object({ merchant, amount: z.number().int().positive(), url }),
    render: {
      fr: (p) => `${p.merchant} : paiement de ${formatXof(p.amount)} recu. Votre recu : ${p.url}`,
      en: (p) => `${p.merchant}: payment of ${formatXof(p.amount)} received. Your receipt: ${p.url}`,
    },
  }),
  payment_request: define({
    params: z.object({ merchant, amount: z.number().int().positive(), url }),
    render: {
      fr: (p) => `${p.merchant} vous demande ${formatXof(p.amount)}. Payez ici : ${p.url}`,
      en: (p) => `${p.merchant} requests ${formatXof(p.amount)}. Pay here: ${p.url}`,
    },
  }),
  invoice: define({
    params: z.object({ merchant, number: z.string().min(1).max(20), amount: z.number().int().positive(), due: shortDay, url }),
    render: {
      fr: (p) => `${p.merchant} : facture ${p.number}, ${formatXof(p.amount)}, à régler avant le ${dayMonth(p.due)}. ${p.url}`,
      en: (p) => `${p.merchant}: invoice ${p.number}, ${formatXof(p.amount)}, due ${dayMonth(p.due)}. ${p.url}`,
    },
  }),
  invoice_reminder: define({
    params: z.object({ merchant, number: z.string().min(1).max(20), amount: z.number().int().positive(), due: shortDay, overdue: z.boolean(), url }),
    render: {
      fr: (p) => `${p.merchant} : rappel, facture ${p.number} (${formatXof(p.amount)}) ${p.overdue ? "échue le" : "à régler avant le"} ${dayMonth(p.due)}. ${p.url}`,
      en: (p) => `${p.merchant}: reminder, invoice ${p.number} (${formatXof(p.amount)}) ${p.overdue ? "was due" : "due"} ${dayMonth(p.due)}. ${p.url}`,
    },
  }),
  subscription_payment_due: define({
    params: z.object({ merchant, amount: z.number().int().positive(), url }),
    render: {
      fr: (p) => `${p.merchant} : votre abonnement, ${formatXof(p.amount)} à payer. Payez ici : ${p.url}`,
      en: (p) => `${p.merchant}: your subscription, ${formatXof(p.amount)} to pay. Pay here: ${p.url}`,
    },
  }),
  refund_executed: define({
    // Told once the staff sent the refund at the operator; the reference is the operator's, for the customer's own checks.
    params: z.object({ merchant, amount: z.number().int().positive(), reference: z.string().min(1).max(40) }),
    render: {
      fr: (p) => `${p.merchant} : remboursement de ${formatXof(p.amount)} envoye sur votre compte. Ref. ${p.reference}`,
      en: (p) => `${p.merchant}: refund of ${formatXof(p.amount)} sent to your account. Ref. ${p.reference}`,
    },
  }),
  test: define({
    params: z.object({ merchant }),
    render: {
      fr: (p) => `Message d'essai de Cauri pour ${p.merchant}. Vos SMS fonctionnent.`,
      en: (p) => `Test message from Cauri for ${p.merchant}. Your text messages work.`,
    },
  }),
};

export type SmsTemplateName = keyof typeof smsTemplates;
export type SmsParams<N extends SmsTemplateName> = z.input<(typeof smsTemplates)[N]["params"]>;

/** The text as the outbox keeps it once the message has left: the template's secret replaced by dots. */
export function redactSent(template: string, text: string): string {
  const secret = Object.hasOwn(smsTemplates, template) ? (smsTemplates[template as SmsTemplateName] as SmsTemplate<z.ZodType>).secret : undefined;
  return secret ? text.replace(secret, (match) => "•".repeat(match.length)) : text;
}

export function renderSms<N extends SmsTemplateName>(name: N, locale: Locale, params: SmsParams<N>): string {
  if (!Object.hasOwn(smsTemplates, name)) throw new Error(`sms template ${String(name)} is not in the registry`);
  const template = smsTemplates[name] as unknown as SmsTemplate<z.ZodType>;
  return template.render[locale](template.params.parse(params));
}
