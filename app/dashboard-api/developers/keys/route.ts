import { accountRoute } from "@/lib/http/account-route";
import { createKey, CreateKeyInput } from "@/lib/account/developers";
import { restrictedKeys } from "@/lib/platform/restricted-keys";

// The full key is in this answer only (the database keeps its SHA-256).
export const POST = accountRoute({ who: "merchant", permission: "developers.manage", body: CreateKeyInput, status: 201 }, (ctx, { body }) => createKey(ctx, body.application_id));

// The restricted keys of the current mode with their names and permissions (the key list marks them).
export const GET = accountRoute({ who: "merchant", permission: "developers.read" }, (ctx) => restrictedKeys(ctx.db, ctx.merchant.id, ctx.mode));
