import { accountRoute } from "@/lib/http/account-route";
import { addApplication, CreateApplicationInput } from "@/lib/account/developers";

export const POST = accountRoute({ who: "merchant", permission: "developers.manage", body: CreateApplicationInput, status: 201 }, (ctx, { body }) => addApplication(ctx, body.name));
