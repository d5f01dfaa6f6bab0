import { accountRoute } from "@/lib/http/account-route";
import { VerifySignatureInput, verifyWebhookSignature } from "@/lib/webhooks/signature-diagnosis";

// The signature debugger: a verdict and its reasons, never a signature nor a secret. It reads the
// endpoint's secrets and the bodies sent, so it asks what opening a delivery asks.
export const POST = accountRoute({ who: "merchant", permission: "developers.logs", body: VerifySignatureInput }, (ctx, { body }) => verifyWebhookSignature(ctx, body));
