import type { User } from "@/db/schema";
import { LANG_COOKIE, resolveLocale, type Locale } from "@/lib/i18n/locale";
import type { TeamActor } from "./members";

/** The signed-in member as the actor of a team change (audit actor "user:<id>"). */
export const memberActor = (ctx: { user: User }): TeamActor => ({ actor: { staffId: `user:${ctx.user.id}` }, user: ctx.user });

/** The language the member is using (their cookie, then the browser): an invitation they send is written in it. */
export function requestLocale(request: Request): Locale {
  const cookie = (request.headers.get("cookie") ?? "").split(/;\s*/).find((c) => c.startsWith(`${LANG_COOKIE}=`));
  return resolveLocale({ cookieLang: cookie?.slice(LANG_COOKIE.length + 1), acceptLanguage: request.headers.get("accept-language") ?? undefined });
}
