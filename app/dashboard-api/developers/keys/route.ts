import { accountRoute } from "@/lib/http/account-route";
import { createKey, CreateKeyInput } from "@/lib/account/developers";

// The full key is in this answer only (the database keeps its SHA-256).
export const POST = accountRoute({ who: "merchant", permission: "developers.manage", body: CreateKeyInput, status: 201 }, (ctx, { body }) => createKey(ctx, body.application_id));
