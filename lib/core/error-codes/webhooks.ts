import { defineCodes } from "./define";

export const webhookCodes = defineCodes({
  INVALID_WEBHOOK_URL: { status: 400, message: "url must be an absolute http:// or https:// URL without user name or password, at most 2048 characters." },
  WEBHOOK_URL_HTTPS_REQUIRED: { status: 400, message: "Live-mode webhook endpoints must use an https:// URL." },
  WEBHOOK_URL_NOT_ALLOWED: { status: 400, message: "url points at a loopback, private, link-local or metadata address; webhooks are only sent to public addresses." },
  INVALID_EVENT_TYPE: { status: 400, message: "Unknown event type. The list is at GET /v1/webhook-event-types; use [\"*\"] for every type." },
  WEBHOOK_ENDPOINT_NOT_FOUND: { status: 404, message: "No webhook endpoint with this id for this key's application and mode." },
  WEBHOOK_ENDPOINT_LIMIT_REACHED: { status: 409, message: "This application already has the maximum of 10 webhook endpoints in this mode. Delete one first." },
  WEBHOOK_ENDPOINT_DELETED: { status: 409, message: "This webhook endpoint was deleted; nothing can be sent to it. Create an endpoint and send a new event, or resend the event to it." },
  WEBHOOK_ENDPOINT_DISABLED: { status: 409, message: "This webhook endpoint is disabled, so queued deliveries would end unsent. Enable it (PATCH /v1/webhooks/endpoints/{id} with enabled: true) first." },
  INVALID_RESEND_WINDOW: { status: 400, message: "from must be before to, and the window at most 30 days long. Send both as ISO 8601 date-times, e.g. from=2025-01-01T00:00:00Z and to=2025-01-31T00:00:00Z." },
  WEBHOOK_LOG_NOT_FOUND: { status: 404, message: "No webhook delivery with this id for this key's application and mode." },
  EVENT_NOT_FOUND: { status: 404, message: "No event with this id for this key's application and mode." },
  WEBHOOK_APPLICATION_NOT_FOUND: { status: 404, message: "application_id is not the application of this key. A key only sees its own application's webhooks." },
  NO_WEBHOOK_ENDPOINTS: { status: 409, message: "No enabled webhook endpoint would receive this event. Create one with POST /v1/webhooks/endpoints first." },
});
