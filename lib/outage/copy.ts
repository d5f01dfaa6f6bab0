import { defineCopy } from "@/lib/i18n/dictionary";

/**
 * Who reads a page that could not be served: a customer paying (checkout, payment link, secure
 * order, portal, invoice), who must know that a payment already started is not lost, or a merchant or staff
 * member on the dashboard, the console or the sign-in.
 */
export type Audience = "customer" | "merchant";

const CUSTOMER_PREFIXES = ["/checkout/", "/l/", "/o/", "/d/", "/portal/", "/i/"];

export function audienceOf(pathname: string): Audience {
  return CUSTOMER_PREFIXES.some((prefix) => pathname.startsWith(prefix)) ? "customer" : "merchant";
}

/** The outage page (the database cannot be reached: 503). */
export const outageCopy = defineCopy({
  fr: {
    title: "Service momentanément indisponible",
    customer: {
      lead: "Le service est momentanément indisponible, votre paiement n'est pas perdu, réessayez dans un instant.",
      detail: "Si vous avez déjà validé le paiement sur votre téléphone, il sera bien pris en compte : ne le refaites pas, rechargez simplement cette page.",
    },
    merchant: {
      lead: "Le service est momentanément indisponible, réessayez dans un instant.",
      detail: "Vos données et les paiements de vos clients ne sont pas perdus. La page se rétablit d'elle-même dès que le service revient.",
    },
    retry: "Réessayer",
  },
  en: {
    title: "Service briefly unavailable",
    customer: {
      lead: "The service is briefly unavailable, your payment is not lost, try again in a moment.",
      detail: "If you already approved the payment on your phone, it will go through: do not pay again, just reload this page.",
    },
    merchant: {
      lead: "The service is briefly unavailable, try again in a moment.",
      detail: "Your data and your customers' payments are not lost. The page comes back by itself as soon as the service does.",
    },
    retry: "Try again",
  },
});

/** The error page of anything else that failed (error.tsx, global-error.tsx): no detail, a retry. */
export const errorCopy = defineCopy({
  fr: {
    title: "Une erreur est survenue",
    lead: "Cette page n'a pas pu s'afficher. Réessayez dans un instant ; si cela continue, contactez le support Cauri.",
    paymentSafe: "Un paiement déjà validé sur votre téléphone n'est pas perdu.",
    retry: "Réessayer",
  },
  en: {
    title: "Something went wrong",
    lead: "This page could not be shown. Try again in a moment; if it keeps happening, contact Cauri support.",
    paymentSafe: "A payment you already approved on your phone is not lost.",
    retry: "Try again",
  },
});
