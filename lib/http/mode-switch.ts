import { z } from "zod";
import type { Mode } from "@/db/schema";
import { json, successBody } from "@/lib/http/envelope";
import { input } from "@/lib/core/validation";
import { modeCookie } from "@/lib/auth/mode";
import { authOptions } from "@/lib/auth/options";

export const ModeInput = input(z.object({ mode: z.enum(["test", "live"]) }));

/** Sets the dashboard's test/live cookie. Any merchant may look at live mode; it stays empty until production is opened. */
export function switchMode(mode: Mode): Response {
  return json(successBody({ mode }), 200, { "Set-Cookie": modeCookie(mode, Boolean(authOptions.useSecureCookies)) });
}
