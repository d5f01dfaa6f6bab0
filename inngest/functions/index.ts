import { deliverWebhook, sweepWebhooks } from "./deliver-webhook";
import { scheduledFunctions } from "./scheduled";

/** Every Inngest function of the app, served by app/api/inngest/route.ts. */
export const functions = [deliverWebhook, sweepWebhooks, ...scheduledFunctions];
