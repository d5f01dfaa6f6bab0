export { CauriClient, type CauriClientOptions, type CauriErrorBody, type IdempotentCallOptions } from "./client.js";
export { CauriError } from "./errors.js";
export { IDEMPOTENT_OPERATIONS } from "./operations.js";
export { DEFAULT_RETRY, type RetryOptions } from "./retry.js";
export { verifyServiceSignature, verifyWebhook, WebhookVerificationError, type WebhookEvent, type WebhookVerificationReason } from "./webhooks.js";
export type { components, operations, paths } from "./schema.js";
