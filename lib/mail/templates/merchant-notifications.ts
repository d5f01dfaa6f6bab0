import { z } from "zod";
import { formatBamako } from "@/lib/format/date";
import { formatXof } from "@/lib/format/money";
import { defineMailTemplate } from "./define";
import { renderNotice } from "./notice";

/**
 * Mail to a merchant's owners and finance members (lib/notifications). Each ends by saying why
 * the reader gets it and where to stop it (the notification settings page).
 */
const amount = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const url = z.url();
const common = {
  merchantName: z.string().trim().min(1).max(200),
  mode: z.enum(["test", "live"]),
  link: url,
  settingsLink: url,
};

const footer = {
  fr: (merchantName: string) => [`Vous recevez cet e-mail en tant que propriétaire ou responsable financier de ${merchantName} sur Cauri.`],
  en: (merchantName: string) => [`You receive this e-mail as an owner or finance member of ${merchantName} on Cauri.`],
};
const footerLink = {
  fr: (url: string) => ({ label: "Choisir les e-mails que vous recevez", url }),
  en: (url: string) => ({ label: "Choose the e-mails you receive", url }),
};
const testTag = { fr: "[Test] ", en: "[Test] " };
const tag = (lang: "fr" | "en", mode: "test" | "live") => (mode === "test" ? testTag[lang] : "");
const modeRow = {
  fr: (mode: "test" | "live") => ["Mode", mode === "test" ? "test" : "production"] as const,
  en: (mode: "test" | "live") => ["Mode", mode === "test" ? "test" : "live"] as const,
};

export const withdrawalUpdateMail = defineMailTemplate({
  params: z.object({
    ...common,
    status: z.enum(["APPROVED", "COMPLETED", "REJECTED"]),
    reference: z.string().min(1).max(100),
    amount,
    netAmount: amount,
    operatorReference: z.string().max(128).nullable(),
    reason: z.string().max(500).nullable(),
  }),
  render: {
    fr: (p) => {
      const what = { APPROVED: "approuvé", COMPLETED: "payé", REJECTED: "refusé" }[p.status];
      const body = {
        APPROVED: `Votre retrait de ${formatXof(p.amount)} a été vérifié et approuvé. Le virement vers votre numéro suit ; vous recevrez un e-mail quand il sera payé.`,
        COMPLETED: `Votre retrait de ${formatXof(p.amount)} a été payé : ${formatXof(p.netAmount)} ont été envoyés sur votre numéro.`,
        REJECTED: `Votre retrait de ${formatXof(p.amount)} a été refusé. Le montant est de nouveau disponible dans votre solde.`,
      }[p.status];
      return renderNotice({
        lang: "fr",
        subject: `${tag("fr", p.mode)}Retrait ${p.reference} ${what}`,
        greeting: "Bonjour,",
        paragraphs: [body],
        rows: [
          ["Référence", p.reference],
          ["Montant", formatXof(p.amount)],
          ...(p.status === "REJECTED" ? [] : [[p.status === "COMPLETED" ? "Montant versé" : "Montant à verser", formatXof(p.netAmount)] as const]),
          ...(p.operatorReference ? [["Référence du virement", p.operatorReference] as const] : []),
          ...(p.reason ? [["Motif", p.reason] as const] : []),
          modeRow.fr(p.mode),
        ],
        action: { label: "Voir vos retraits", url: p.link },
        footer: footer.fr(p.merchantName),
        footerLink: footerLink.fr(p.settingsLink),
      });
    },
    en: (p) => {
      const what = { APPROVED: "approved", COMPLETED: "paid", REJECTED: "rejected" }[p.status];
      const body = {
        APPROVED: `Your withdrawal of ${formatXof(p.amount)} was checked and approved. The transfer to your number follows; you will get an e-mail once it is paid.`,
        COMPLETED: `Your withdrawal of ${formatXof(p.amount)} was paid: ${formatXof(p.netAmount)} were sent to your number.`,
        REJECTED: `Your withdrawal of ${formatXof(p.amount)} was rejected. The amount is available in your balance again.`,
      }[p.status];
      return renderNotice({
        lang: "en",
        subject: `${tag("en", p.mode)}Withdrawal ${p.reference} ${what}`,
        greeting: "Hello,",
        paragraphs: [body],
        rows: [
          ["Reference", p.reference],
          ["Amount", formatXof(p.amount)],
          ...(p.status === "REJECTED" ? [] : [[p.status === "COMPLETED" ? "Amount paid out" : "Amount to be paid out", formatXof(p.netAmount)] as const]),
          ...(p.operatorReference ? [["Transfer reference", p.operatorReference] as const] : []),
          ...(p.reason ? [["Reason", p.reason] as const] : []),
          modeRow.en(p.mode),
        ],
        action: { label: "See your withdrawals", url: p.link },
        footer: footer.en(p.merchantName),
        footerLink: footerLink.en(p.settingsLink),
      });
    },
  },
});

/** What both webhook notices (failing for 24 hours, disabled after 5 days) say about the endpoint. */
const failingEndpointParams = z.object({
  ...common,
  endpointUrl: z.string().min(1).max(2_000),
  failingSince: z.iso.datetime({ offset: true }),
  lastError: z.string().max(500).nullable(),
});

export const webhookFailingMail = defineMailTemplate({
  params: failingEndpointParams,
  render: {
    fr: (p) =>
      renderNotice({
        lang: "fr",
        subject: `${tag("fr", p.mode)}Votre webhook échoue depuis 24 heures`,
        greeting: "Bonjour,",
        paragraphs: [
          `Les envois vers votre webhook ${p.endpointUrl} échouent depuis le ${formatBamako(p.failingSince, "fr")} : aucun n'a réussi depuis. Les événements sont réessayés, mais votre système ne les reçoit pas.`,
          "Vérifiez que l'adresse répond 2xx en moins de 10 secondes, puis renvoyez les envois échoués depuis le journal des webhooks.",
        ],
        rows: [["Adresse", p.endpointUrl], ["En échec depuis", formatBamako(p.failingSince, "fr")], ...(p.lastError ? [["Dernière erreur", p.lastError] as const] : []), modeRow.fr(p.mode)],
        action: { label: "Voir le journal des webhooks", url: p.link },
        footer: footer.fr(p.merchantName),
        footerLink: footerLink.fr(p.settingsLink),
      }),
    en: (p) =>
      renderNotice({
        lang: "en",
        subject: `${tag("en", p.mode)}Your webhook has been failing for 24 hours`,
        greeting: "Hello,",
        paragraphs: [
          `Deliveries to your webhook ${p.endpointUrl} have been failing since ${formatBamako(p.failingSince, "en")}: none has succeeded since. Events are retried, but your system is not receiving them.`,
          "Check that the URL answers 2xx within 10 seconds, then re-send the failed deliveries from the webhook log.",
        ],
        rows: [["URL", p.endpointUrl], ["Failing since", formatBamako(p.failingSince, "en")], ...(p.lastError ? [["Last error", p.lastError] as const] : []), modeRow.en(p.mode)],
        action: { label: "See the webhook log", url: p.link },
        footer: footer.en(p.merchantName),
        footerLink: footerLink.en(p.settingsLink),
      }),
  },
});

export const webhookDisabledMail = defineMailTemplate({
  params: failingEndpointParams,
  render: {
    fr: (p) =>
      renderNotice({
        lang: "fr",
        subject: `${tag("fr", p.mode)}Votre webhook a été désactivé`,
        greeting: "Bonjour,",
        paragraphs: [
          `Les envois vers votre webhook ${p.endpointUrl} échouent sans interruption depuis le ${formatBamako(p.failingSince, "fr")}. Après 5 jours, nous l'avons désactivé : il ne reçoit plus d'événements.`,
          "Corrigez l'adresse pour qu'elle réponde 2xx en moins de 10 secondes, réactivez le webhook dans le tableau de bord, puis renvoyez les envois échoués depuis le journal des webhooks.",
        ],
        rows: [["Adresse", p.endpointUrl], ["En échec depuis", formatBamako(p.failingSince, "fr")], ...(p.lastError ? [["Dernière erreur", p.lastError] as const] : []), modeRow.fr(p.mode)],
        action: { label: "Voir vos webhooks", url: p.link },
        footer: footer.fr(p.merchantName),
        footerLink: footerLink.fr(p.settingsLink),
      }),
    en: (p) =>
      renderNotice({
        lang: "en",
        subject: `${tag("en", p.mode)}Your webhook was disabled`,
        greeting: "Hello,",
        paragraphs: [
          `Deliveries to your webhook ${p.endpointUrl} have failed without a break since ${formatBamako(p.failingSince, "en")}. After 5 days we disabled it: it receives no more events.`,
          "Fix the URL so that it answers 2xx within 10 seconds, enable the webhook again in the dashboard, then re-send the failed deliveries from the webhook log.",
        ],
        rows: [["URL", p.endpointUrl], ["Failing since", formatBamako(p.failingSince, "en")], ...(p.lastError ? [["Last error", p.lastError] as const] : []), modeRow.en(p.mode)],
        action: { label: "See your webhooks", url: p.link },
        footer: footer.en(p.merchantName),
        footerLink: footerLink.en(p.settingsLink),
      }),
  },
});

export const disputeOpenedMail = defineMailTemplate({
  params: z.object({ ...common, reference: z.string().min(1).max(100), amount, reason: z.string().max(2_000) }),
  render: {
    fr: (p) =>
      renderNotice({
        lang: "fr",
        subject: `${tag("fr", p.mode)}Litige ouvert sur la commande ${p.reference}`,
        greeting: "Bonjour,",
        paragraphs: [
          `L'acheteur de la commande sécurisée ${p.reference} (${formatXof(p.amount)}) a ouvert un litige. Le paiement reste bloqué : le livreur ne peut plus le libérer, et notre équipe décide de le verser ou de rembourser l'acheteur.`,
          "Notre équipe peut vous contacter pour connaître votre version (preuve de livraison, échanges avec l'acheteur).",
        ],
        rows: [["Commande", p.reference], ["Montant", formatXof(p.amount)], ["Motif de l'acheteur", p.reason], modeRow.fr(p.mode)],
        action: { label: "Voir la commande", url: p.link },
        footer: footer.fr(p.merchantName),
        footerLink: footerLink.fr(p.settingsLink),
      }),
    en: (p) =>
      renderNotice({
        lang: "en",
        subject: `${tag("en", p.mode)}Dispute opened on order ${p.reference}`,
        greeting: "Hello,",
        paragraphs: [
          `The buyer of secure order ${p.reference} (${formatXof(p.amount)}) opened a dispute. The payment stays held: the courier can no longer release it, and our team decides whether to pay it to you or refund the buyer.`,
          "Our team may contact you for your side of the story (proof of delivery, messages with the buyer).",
        ],
        rows: [["Order", p.reference], ["Amount", formatXof(p.amount)], ["Buyer's reason", p.reason], modeRow.en(p.mode)],
        action: { label: "See the order", url: p.link },
        footer: footer.en(p.merchantName),
        footerLink: footerLink.en(p.settingsLink),
      }),
  },
});

export const productionOpenedMail = defineMailTemplate({
  params: z.object({ merchantName: common.merchantName, link: url, settingsLink: url }),
  render: {
    fr: (p) =>
      renderNotice({
        lang: "fr",
        subject: `Accès à la production ouvert pour ${p.merchantName}`,
        greeting: "Bonjour,",
        paragraphs: [
          `Notre équipe a ouvert l'accès à la production pour ${p.merchantName}. Vos clés sk_live_ encaissent désormais de vrais paiements.`,
          "Remplacez la clé de test par la clé de production sur votre serveur, et configurez un webhook en mode production pour recevoir les événements.",
        ],
        action: { label: "Ouvrir le tableau de bord", url: p.link },
        footer: footer.fr(p.merchantName),
        footerLink: footerLink.fr(p.settingsLink),
      }),
    en: (p) =>
      renderNotice({
        lang: "en",
        subject: `Production access opened for ${p.merchantName}`,
        greeting: "Hello,",
        paragraphs: [
          `Our team opened production access for ${p.merchantName}. Your sk_live_ keys now collect real payments.`,
          "Replace the test key with the live key on your server, and set up a live-mode webhook to receive events.",
        ],
        action: { label: "Open the dashboard", url: p.link },
        footer: footer.en(p.merchantName),
        footerLink: footerLink.en(p.settingsLink),
      }),
  },
});
