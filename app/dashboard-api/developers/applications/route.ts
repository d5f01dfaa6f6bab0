import { accountRoute } from "@/lib/auth/handler";
import { addApplication, CreateApplicationInput } from "@/lib/auth/developers";

export const POST = accountRoute({ who: "merchant", permission: "developers.manage", body: CreateApplicationInput, status: 201 }, (ctx, { body }) => addApplication(ctx, body.name));
