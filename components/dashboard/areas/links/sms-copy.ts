import { errorMessages } from "@/components/data/error-messages";
import { defineCopy } from "@/lib/i18n/dictionary";

/** The words of a link page's "Send by SMS" form (POST /dashboard-api/links/{id}/send). */
export const linkSmsCopy = defineCopy({
  fr: {
    title: "Envoyer par SMS",
    intro: "Le client reçoit un SMS avec votre nom, le montant et l'adresse du lien, et paie depuis son téléphone.",
    testMode: "Mode test : le SMS est enregistré mais ne part vers aucun téléphone.",
    phone: "Téléphone du client",
    phoneHint: "8 chiffres pour un numéro malien (76 55 44 33), sinon le numéro international avec + (+223 76 55 44 33).",
    amount: "Montant demandé (FCFA)",
    amountHint: (min: string, max: string) => `Entre ${min} et ${max}. Le client le saisit sur la page du lien.`,
    send: "Envoyer le SMS",
    queued: (to: string) => `SMS en route vers le ${to}.`,
    scheduled: (to: string) => `Heures calmes : le SMS au ${to} partira à 7 h.`,
    optedOut: (to: string) => `Rien n'a été envoyé : le ${to} a demandé à ne plus recevoir vos SMS.`,
    dailyCap: (to: string) => `Rien n'a été envoyé : le ${to} a déjà reçu le maximum de SMS de votre part sur 24 heures. Réessayez demain.`,
    errors: errorMessages.fr.linkSms,
  },
  en: {
    title: "Send by SMS",
    intro: "The customer gets a text with your name, the amount and the link's address, and pays from their phone.",
    testMode: "Test mode: the text is recorded but goes to no phone.",
    phone: "Customer's phone",
    phoneHint: "8 digits for a Mali number (76 55 44 33), otherwise the international number with + (+223 76 55 44 33).",
    amount: "Amount requested (FCFA)",
    amountHint: (min: string, max: string) => `Between ${min} and ${max}. The customer types it on the link's page.`,
    send: "Send the text",
    queued: (to: string) => `Text on its way to ${to}.`,
    scheduled: (to: string) => `Quiet hours: the text to ${to} will leave at 7:00.`,
    optedOut: (to: string) => `Nothing was sent: ${to} asked to stop receiving your texts.`,
    dailyCap: (to: string) => `Nothing was sent: ${to} already got the most texts you may send it in 24 hours. Try again tomorrow.`,
    errors: errorMessages.en.linkSms,
  },
});

export type LinkSmsCopy = (typeof linkSmsCopy)["fr"];
