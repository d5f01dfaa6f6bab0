import { accountRoute } from "@/lib/http/account-route";
import { createRestrictedKey, CreateRestrictedKeyInput } from "@/lib/platform/restricted-keys";

// The full key is in this answer only (the database keeps its SHA-256), as for standard keys.
export const POST = accountRoute({ who: "merchant", permission: "developers.manage", body: CreateRestrictedKeyInput, status: 201 }, (ctx, { body }) => createRestrictedKey(ctx, body));
