import { defineCopy } from "@/lib/i18n/dictionary";

/** Words of the WhatsApp share links. French first; English with ?lang=en. */
export const shareCopy = defineCopy({
  fr: {
    opensWhatsApp: "(ouvre WhatsApp)",
    deliveryCodeLabel: "Partager le code au livreur",
    deliveryCodeText: (code: string, reference: string, merchant: string) =>
      `Code de livraison de ma commande ${reference} chez ${merchant} : ${code}. À saisir sur Cauri à la remise du colis.`,
  },
  en: {
    opensWhatsApp: "(opens WhatsApp)",
    deliveryCodeLabel: "Share the code with the courier",
    deliveryCodeText: (code: string, reference: string, merchant: string) =>
      `Delivery code for my order ${reference} from ${merchant}: ${code}. To be entered on Cauri when the parcel is handed over.`,
  },
});
