import type { Mode } from "@/db/schema";

/** The dashboard's test/live switch: a cookie, read on the server for every page and handler. */
export const MODE_COOKIE = "cauri_mode";

/** Anything but an explicit "live" is test mode: a missing or tampered cookie never shows live data. */
export const parseMode = (value: string | null | undefined): Mode => (value === "live" ? "live" : "test");

export const modeCookie = (mode: Mode, secure: boolean): string =>
  `${MODE_COOKIE}=${mode}; Path=/; Max-Age=${60 * 60 * 24 * 365}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;

/** The mode cookie of a raw Request (route handlers). */
export function modeOfRequest(request: Request): Mode {
  const header = request.headers.get("cookie") ?? "";
  const match = header.split(/;\s*/).find((part) => part.startsWith(`${MODE_COOKIE}=`));
  return parseMode(match?.slice(MODE_COOKIE.length + 1));
}
