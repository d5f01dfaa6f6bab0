import type { z } from "zod";
import type { customerSchema, PlanResource, SubscriptionResource } from "@/lib/billing/schemas";
import { parseAmountInput } from "@/lib/format/amount-input";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Pagination } from "@/lib/links/pagination";
import type { Locale } from "@/lib/i18n/locale";
import { ApiClientError } from "@/components/data/fetch-json";
import { errorMessages } from "@/components/data/error-messages";

export type Plan = PlanResource;
export type Sub = SubscriptionResource;
export type Customer = z.infer<typeof customerSchema>;
export type BillingOverview = { plans: Plan[]; subscriptions: Sub[] };
export type CustomersPage = { customers: Customer[]; pagination: Pagination };

export const billingCopy = defineCopy({
  fr: {
    title: "Abonnements",
    intro: "Vos formules d'abonnement et les abonnements de vos clients, prélevés chaque semaine ou chaque mois.",
    sections: "Sections de la page",
    loading: "Chargement…",
    loadError: "Impossible de charger ces données. Réessayez dans un instant.",
    retry: "Réessayer",
    keep: "Non",
    // Plans
    plans: "Formules",
    noPlans: "Aucune formule. Créez-en une ci-dessous.",
    newPlan: "Créer une formule",
    name: "Nom de la formule",
    description: "Description (facultatif)",
    amount: "Montant par période (FCFA)",
    amountHint: "Entre 100 et 5 000 000 FCFA, par exemple 35 000.",
    interval: "Périodicité",
    weekly: "Hebdomadaire",
    monthly: "Mensuelle",
    create: "Créer la formule",
    subscribers: (n: number) => `${n} abonné(s)`,
    active: "Active",
    inactive: "Inactive",
    edit: "Modifier",
    editTitle: (name: string) => `Modifier la formule ${name}`,
    editAmountHint: "Le nouveau montant s'applique aux périodes prélevées à partir de maintenant. La périodicité ne change pas.",
    save: "Enregistrer",
    saved: "Formule enregistrée.",
    cancelEdit: "Annuler",
    deactivate: "Désactiver",
    reactivate: "Réactiver",
    deactivateConfirm: (name: string) => `Désactiver la formule ${name} ?`,
    deactivateWhat: "Plus personne ne pourra s'y abonner. Les abonnés actuels continuent d'être prélevés.",
    deactivateYes: "Oui, désactiver",
    reactivateConfirm: (name: string) => `Réactiver la formule ${name} ?`,
    reactivateWhat: "De nouveaux clients pourront de nouveau s'y abonner.",
    reactivateYes: "Oui, réactiver",
    // New subscription
    newSub: "Abonner un client",
    newSubIntro: "Le client reçoit un lien de paiement pour la première période ; les suivantes sont prélevées sur son téléphone.",
    plan: "Formule",
    noActivePlan: "Créez ou réactivez une formule pour y abonner un client.",
    phone: "Téléphone du client",
    phoneHint: "8 chiffres pour un numéro malien (76 55 44 33), sinon le numéro international avec + (+223 76 55 44 33). Les espaces sont acceptés.",
    customerName: "Nom du client (facultatif)",
    customerEmail: "E-mail du client (facultatif)",
    redirect: "Page de retour après paiement (facultatif)",
    redirectHint: "Adresse HTTPS de votre site où le client revient après avoir payé.",
    subscribe: "Créer l'abonnement et le lien",
    linkReady: (phone: string) => `Abonnement créé. Envoyez ce lien à ${phone} pour qu'il paie la première période.`,
    paymentLink: "Lien de paiement de la première période",
    // Subscriptions
    subs: "Abonnements",
    filters: "Filtrer les abonnements",
    status: "Statut",
    planFilter: "Formule",
    all: "Toutes",
    allStatuses: "Tous",
    noSubs: "Aucun abonnement.",
    noSubsFiltered: "Aucun abonnement ne correspond à ces filtres.",
    next: "Prochain prélèvement",
    retryAt: "Nouvelle tentative",
    cancelledAt: "Résilié le",
    per: (interval: "WEEKLY" | "MONTHLY"): string => (interval === "WEEKLY" ? "par semaine" : "par mois"),
    cancel: "Résilier",
    cancelConfirm: "Résilier cet abonnement ?",
    cancelWhat: "Le client ne sera plus jamais prélevé et son lien de paiement est désactivé.",
    cancelYes: "Oui, résilier",
    // Customers
    customers: "Clients",
    customersIntro: "Chaque numéro de téléphone qui s'est abonné ou a payé est un client, dans ce mode.",
    search: "Rechercher un client (téléphone ou nom)",
    searchButton: "Rechercher",
    noCustomers: "Aucun client pour l'instant.",
    noCustomersFound: "Aucun client ne correspond.",
    since: "Client depuis le",
    totalPaid: "Total payé",
    subCount: (n: number) => `${n} abonnement(s)`,
    showSubs: "Voir ses abonnements",
    hideSubs: "Masquer ses abonnements",
    customerPage: "Factures et paiements",
    more: (shown: number, total: number) => `${shown} clients affichés sur ${total}.`,
    errors: errorMessages.fr.billing,
  },
  en: {
    title: "Subscriptions",
    intro: "Your subscription plans and your customers' subscriptions, billed weekly or monthly.",
    sections: "Page sections",
    loading: "Loading…",
    loadError: "These data could not be loaded. Try again in a moment.",
    retry: "Try again",
    keep: "No",
    plans: "Plans",
    noPlans: "No plan yet. Create one below.",
    newPlan: "Create a plan",
    name: "Plan name",
    description: "Description (optional)",
    amount: "Amount per period (FCFA)",
    amountHint: "Between 100 and 5,000,000 FCFA, for example 35,000.",
    interval: "Interval",
    weekly: "Weekly",
    monthly: "Monthly",
    create: "Create the plan",
    subscribers: (n: number) => `${n} subscriber(s)`,
    active: "Active",
    inactive: "Inactive",
    edit: "Edit",
    editTitle: (name: string) => `Edit the plan ${name}`,
    editAmountHint: "A new amount applies to the periods billed from now on. The interval does not change.",
    save: "Save",
    saved: "Plan saved.",
    cancelEdit: "Cancel",
    deactivate: "Deactivate",
    reactivate: "Reactivate",
    deactivateConfirm: (name: string) => `Deactivate the plan ${name}?`,
    deactivateWhat: "Nobody can subscribe to it any more. Current subscribers keep being billed.",
    deactivateYes: "Yes, deactivate",
    reactivateConfirm: (name: string) => `Reactivate the plan ${name}?`,
    reactivateWhat: "New customers can subscribe to it again.",
    reactivateYes: "Yes, reactivate",
    newSub: "Subscribe a customer",
    newSubIntro: "The customer gets a payment link for the first period; the next ones are collected from their phone.",
    plan: "Plan",
    noActivePlan: "Create or reactivate a plan to subscribe a customer to it.",
    phone: "Customer's phone",
    phoneHint: "8 digits for a Mali number (76 55 44 33), otherwise the international number with + (+223 76 55 44 33). Spaces are fine.",
    customerName: "Customer's name (optional)",
    customerEmail: "Customer's e-mail (optional)",
    redirect: "Return page after payment (optional)",
    redirectHint: "HTTPS address on your site where the customer comes back after paying.",
    subscribe: "Create the subscription and the link",
    linkReady: (phone: string) => `Subscription created. Send this link to ${phone} to pay the first period.`,
    paymentLink: "Payment link for the first period",
    subs: "Subscriptions",
    filters: "Filter the subscriptions",
    status: "Status",
    planFilter: "Plan",
    all: "All",
    allStatuses: "All",
    noSubs: "No subscription.",
    noSubsFiltered: "No subscription matches these filters.",
    next: "Next billing",
    retryAt: "Next attempt",
    cancelledAt: "Cancelled on",
    per: (interval: "WEEKLY" | "MONTHLY") => (interval === "WEEKLY" ? "per week" : "per month"),
    cancel: "Cancel",
    cancelConfirm: "Cancel this subscription?",
    cancelWhat: "The customer will never be billed again and their payment link is deactivated.",
    cancelYes: "Yes, cancel",
    customers: "Customers",
    customersIntro: "Every phone number that subscribed or paid is a customer, in this mode.",
    search: "Search a customer (phone or name)",
    searchButton: "Search",
    noCustomers: "No customer yet.",
    noCustomersFound: "No customer matches.",
    since: "Customer since",
    totalPaid: "Total paid",
    subCount: (n: number) => `${n} subscription(s)`,
    showSubs: "Show their subscriptions",
    hideSubs: "Hide their subscriptions",
    customerPage: "Invoices and payments",
    more: (shown: number, total: number) => `${shown} of ${total} customers shown.`,
    errors: errorMessages.en.billing,
  },
});

export type BillingText = (typeof billingCopy)[Locale];

/** The message to show for a failed call, in the page's language. */
export const errorMessage = (t: BillingText, e: unknown) => (e instanceof ApiClientError ? (t.errors[e.code] ?? e.message) : t.errors.other);

/** A text input's value as the API takes it: trimmed, absent when empty. */
export const optional = (f: FormData, name: string) => String(f.get(name) ?? "").trim() || undefined;

/**
 * An amount field read with the one amount parser ("35 000", "35.000", "35 000 FCFA"): the
 * number, `undefined` when empty (the API names the missing field), or `null` when it cannot be
 * read, which the form refuses itself with `errors.UNREADABLE_AMOUNT`.
 */
export const amountOf = (f: FormData, name: string): number | null | undefined => {
  const a = String(f.get(name) ?? "").trim();
  return a === "" ? undefined : parseAmountInput(a);
};
