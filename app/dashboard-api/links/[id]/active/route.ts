import { z } from "zod";
import { accountRoute } from "@/lib/http/account-route";
import { input } from "@/lib/core/validation";
import { setLinkActive } from "@/lib/links/service";

const ActiveInput = input(z.object({ active: z.boolean() }));

// PATCH /v1/payment-links/{slug}/activate | deactivate.
export const POST = accountRoute({ who: "merchant", permission: "commerce", body: ActiveInput }, (ctx, { params, body }) => setLinkActive(ctx, params.id, body.active));
