import { accountRoute } from "@/lib/http/account-route";
import { ModeInput, switchMode } from "@/lib/http/mode-switch";

export const POST = accountRoute({ who: "merchant", permission: "dashboard.read", body: ModeInput }, async (_ctx, { body }) => switchMode(body.mode));
