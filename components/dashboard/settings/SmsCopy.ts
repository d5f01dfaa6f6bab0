import { defineCopy } from "@/lib/i18n/dictionary";

/** What the text-message settings say. */
export const smsCopy = defineCopy({
  fr: {
    title: "SMS",
    intro: "Vos clients reçoivent par SMS ce qui les concerne. Chaque message est facturé par segment de 160 caractères (70 avec certains accents). Aucun SMS entre 21 h et 7 h, sauf un code attendu à l'écran ; 5 au plus par client et par jour.",
    usesTitle: "Messages envoyés",
    uses: {
      delivery_code: { label: "Code de livraison", hint: "À l'acheteur d'une commande sécurisée, dès qu'il a payé, avec le lien de sa page." },
      payment_receipt: { label: "Reçu de paiement", hint: "Au client qui n'a pas laissé d'e-mail, avec le lien de son reçu." },
      payment_request: { label: "Demande de paiement", hint: "Un lien de paiement ou une facture que vous envoyez à un client." },
      invoice_reminder: { label: "Rappel de facture", hint: "Avant et après l'échéance d'une facture envoyée par SMS, selon son calendrier de rappels." },
      subscription_payment_due: { label: "Échéance d'abonnement", hint: "À l'abonné, quand une période est à payer, avec le lien de paiement." },
    },
    save: "Enregistrer",
    saved: "Réglages enregistrés.",
    delivery: {
      sandbox: "Mode test : les messages restent dans le bac à sable, aucun téléphone ne les reçoit.",
      smpp: "Les messages partent par la passerelle SMS de l'opérateur.",
      "dev-outbox": "Aucune passerelle configurée : les messages sont écrits dans la boîte de développement (/dev/sms).",
      unconfigured: "Aucune passerelle configurée : les messages attendent, non envoyés.",
    },
    recentTitle: "Derniers messages",
    none: "Aucun message pour l'instant.",
    columns: { date: "Date", to: "Destinataire", kind: "Message", status: "État", segments: "Segments" },
    status: { PENDING: "En attente", SENT: "Envoyé", DELIVERED: "Reçu", UNDELIVERABLE: "Non distribué", FAILED: "Échec", SUPPRESSED: "Non envoyé" },
    reasons: { opted_out: "le client a demandé à ne plus recevoir de SMS", daily_cap: "limite de 5 SMS par jour atteinte" },
    templates: { delivery_code: "Code de livraison", payment_receipt: "Reçu", payment_request: "Demande de paiement", invoice: "Facture", invoice_reminder: "Rappel de facture", subscription_payment_due: "Échéance d'abonnement", test: "Essai" } as Record<string, string>,
    errors: { ROLE_FORBIDDEN: "Votre rôle ne permet pas de changer ces réglages : demandez à un propriétaire ou un administrateur.", other: "L'enregistrement a échoué. Réessayez dans un instant." },
  },
  en: {
    title: "Text messages",
    intro: "Your customers get what concerns them by text message. Each message is billed per segment of 160 characters (70 with some accents). No message between 9 pm and 7 am, except a code awaited on screen; at most 5 per customer a day.",
    usesTitle: "Messages sent",
    uses: {
      delivery_code: { label: "Delivery code", hint: "To a secure order's buyer once paid, with the link to their page." },
      payment_receipt: { label: "Payment receipt", hint: "To a customer who left no e-mail, with the link to their receipt." },
      payment_request: { label: "Payment request", hint: "A payment link or an invoice you send a customer." },
      invoice_reminder: { label: "Invoice reminder", hint: "Before and after the due date of an invoice sent by text message, on its reminder schedule." },
      subscription_payment_due: { label: "Subscription payment due", hint: "To the subscriber when a period is due, with the link to pay it." },
    },
    save: "Save",
    saved: "Settings saved.",
    delivery: {
      sandbox: "Test mode: messages stay in the sandbox, no phone receives them.",
      smpp: "Messages go through the operator's SMS gateway.",
      "dev-outbox": "No gateway configured: messages are written to the development outbox (/dev/sms).",
      unconfigured: "No gateway configured: messages wait, unsent.",
    },
    recentTitle: "Latest messages",
    none: "No message yet.",
    columns: { date: "Date", to: "To", kind: "Message", status: "Status", segments: "Segments" },
    status: { PENDING: "Waiting", SENT: "Sent", DELIVERED: "Delivered", UNDELIVERABLE: "Undelivered", FAILED: "Failed", SUPPRESSED: "Not sent" },
    reasons: { opted_out: "the customer asked to stop text messages", daily_cap: "daily limit of 5 reached" },
    templates: { delivery_code: "Delivery code", payment_receipt: "Receipt", payment_request: "Payment request", invoice: "Invoice", invoice_reminder: "Invoice reminder", subscription_payment_due: "Subscription payment due", test: "Test" } as Record<string, string>,
    errors: { ROLE_FORBIDDEN: "Your role cannot change these settings: ask an owner or an admin.", other: "Saving failed. Try again in a moment." },
  },
});
