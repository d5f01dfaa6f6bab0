import { deliverWebhook, sweepWebhooks } from "./deliver-webhook";
import { billingCycle } from "./billing-cycle";
import { housekeeping } from "./housekeeping";
import { paymentExpiry } from "./payment-expiry";
import { partnerRoyalty } from "./partner-royalty";
import { secureOrderDeadlines } from "./secure-order-deadlines";

/** Every Inngest function of the app, served by app/api/inngest/route.ts. */
export const functions = [deliverWebhook, sweepWebhooks, billingCycle, partnerRoyalty, secureOrderDeadlines, paymentExpiry, housekeeping];
