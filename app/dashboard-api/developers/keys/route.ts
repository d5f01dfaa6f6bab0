import { accountRoute } from "@/lib/auth/handler";
import { createKey, CreateKeyInput } from "@/lib/auth/developers";

// The full key is in this answer only (the database keeps its SHA-256).
export const POST = accountRoute({ who: "merchant", permission: "developers.manage", body: CreateKeyInput, status: 201 }, (ctx, { body }) => createKey(ctx, body.application_id));
