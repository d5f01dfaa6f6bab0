import { accountRoute } from "@/lib/http/account-route";
import { sendTestEvent } from "@/lib/webhooks/events";
import { SendTestInput } from "@/lib/webhooks/schemas";

// POST /v1/webhooks/test, with the same per-user limit name.
export const POST = accountRoute({ who: "merchant", permission: "developers.manage", body: SendTestInput, limit: "webhooks.test" }, async (ctx, { body }) => {
  const r = await sendTestEvent(ctx, body.event);
  return r;
});
