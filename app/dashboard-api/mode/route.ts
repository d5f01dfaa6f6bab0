import { accountRoute } from "@/lib/auth/handler";
import { ModeInput, switchMode } from "@/lib/auth/mode-switch";

export const POST = accountRoute({ who: "merchant", permission: "dashboard.read", body: ModeInput }, async (_ctx, { body }) => switchMode(body.mode));
