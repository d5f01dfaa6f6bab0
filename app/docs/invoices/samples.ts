/**
 * The invoice guide's samples, built from the origin the reader is on. `guide.test.ts` runs them
 * as written (with the ids of the invoice it created in place of `{id}`) against the server.
 */

/** The customer's number in the samples: the simulator's number for a payment that succeeds. */
export const SAMPLE_PHONE = "+22370000001";

export const createDraft = (origin: string) => `curl -s -X POST ${origin}/v1/invoices \\
  -H "Authorization: Bearer $CAURI_KEY" -H "Content-Type: application/json" \\
  -H "X-Idempotency-Key: order-2041" \\
  -d '{
    "customer_phone": "${SAMPLE_PHONE}",
    "customer_name": "Awa Traoré",
    "customer_email": "awa@example.ml",
    "lines": [
      {"description": "Tissu bazin riche, 6 m", "quantity": 2, "unit_amount": 15000},
      {"description": "Couture boubou", "unit_amount": 10000}
    ],
    "notes": "Retrait en boutique, Hamdallaye ACI 2000.",
    "client_reference": "order-2041"
  }'`;

export const finalize = (origin: string) => `curl -s -X POST ${origin}/v1/invoices/{id}/finalize -H "Authorization: Bearer $CAURI_KEY"`;

export const send = (origin: string) => `curl -s -X POST ${origin}/v1/invoices/{id}/send \\
  -H "Authorization: Bearer $CAURI_KEY" -H "Content-Type: application/json" \\
  -d '{"channels": ["sms", "email", "whatsapp"]}'`;

/** An excerpt of the send's answer: the invoice, and beside it what became of each channel. */
export const deliveryExcerpt = `{
  "success": true,
  "data": {
    "id": "inv_…",
    "number": "FAC-2026-0001",
    "status": "OPEN",
    "sent_channels": ["sms", "email", "whatsapp"],
    "next_reminder_on": "2026-12-08",
    "delivery": {
      "sms": { "status": "queued", "reason": null },
      "email": { "status": "queued", "reason": null },
      "whatsapp_url": "https://wa.me/22370000001?text=…"
    },
    …
  }
}`;

export const voidInvoice = (origin: string) => `curl -s -X POST ${origin}/v1/invoices/{id}/void \\
  -H "Authorization: Bearer $CAURI_KEY" -H "Content-Type: application/json" \\
  -d '{"reason": "Commande annulée"}'`;

/** The sandbox walk: move the test clock, then read what the invoice went through. */
export const advance = (origin: string, seconds: number) => `curl -s -X POST ${origin}/v1/sandbox/clock/advance \\
  -H "Authorization: Bearer $CAURI_KEY" -H "Content-Type: application/json" \\
  -d '{"seconds": ${seconds}}'`;

export const timeline = (origin: string) => `curl -s ${origin}/v1/invoices/{id}/timeline -H "Authorization: Bearer $CAURI_KEY"`;

export const settle = (origin: string) => `curl -s -X POST ${origin}/v1/sandbox/payments/{payment_id}/simulate \\
  -H "Authorization: Bearer $CAURI_KEY" -H "Content-Type: application/json" \\
  -d '{"outcome": "SUCCESS"}'`;

const DAY = 86_400;

/**
 * The reminders of an invoice sent the day it was finalized, with the default due date (7 days
 * later) and schedule (−3, 0, 3, 7): each step advances the clock to the next thing that happens.
 * `offset` is the reminder's day relative to the due date; `overdue` marks the day it turns OVERDUE.
 */
export const REMINDER_WALK: readonly { seconds: number; offset: number | null; overdue?: true }[] = [
  { seconds: 4 * DAY, offset: -3 },
  { seconds: 3 * DAY, offset: 0 },
  { seconds: 1 * DAY, offset: null, overdue: true },
  { seconds: 2 * DAY, offset: 3 },
  { seconds: 4 * DAY, offset: 7 },
];

/** The typed client: `cauri.invoices` answers the data or throws a CauriError; the key is added to each creation. */
export const client = (origin: string, comments: { idempotency: string; voided: string }) => `import { CauriClient, CauriError } from "@cauri/client";

const cauri = new CauriClient({ apiKey: process.env.CAURI_KEY!, baseUrl: "${origin}" });

// ${comments.idempotency}
const draft = await cauri.invoices.create({
  customer_phone: "${SAMPLE_PHONE}",
  customer_name: "Awa Traoré",
  lines: [{ description: "Tissu bazin riche, 6 m", quantity: 2, unit_amount: 15000 }],
  reminder_days: [0, 3],
});
const invoice = await cauri.invoices.finalize(draft.id);
const sent = await cauri.invoices.send(draft.id, { channels: ["sms", "whatsapp"] });
console.log(invoice.number, invoice.hosted_invoice_url, sent.delivery.sms?.status, sent.delivery.whatsapp_url);

try {
  await cauri.invoices.void(draft.id, "Commande annulée");
} catch (error) {
  // ${comments.voided}
  if (error instanceof CauriError && error.code === "INVOICE_PAYMENT_IN_PROGRESS") console.log(error.message);
  else throw error;
}`;
