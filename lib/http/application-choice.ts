import { z } from "zod";
import type { Database } from "@/db/client";
import { json, successBody } from "@/lib/http/envelope";
import { input } from "@/lib/core/validation";
import { merchantApplication } from "@/lib/auth/dashboard-context";
import { authOptions } from "@/lib/auth/options";

/**
 * The dashboard's application switcher: webhook endpoints, deliveries and the other
 * application-scoped screens act for the application named by this cookie. A cookie naming an
 * application that is not the merchant's (stale, tampered) is ignored: the first one is used.
 */
export const APPLICATION_COOKIE = "cauri_app";

export const ApplicationChoiceInput = input(z.object({ application_id: z.string().min(1).max(64) }));

const applicationCookie = (id: string, secure: boolean) =>
  `${APPLICATION_COOKIE}=${encodeURIComponent(id)}; Path=/; Max-Age=${60 * 60 * 24 * 365}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;

/** The application cookie of a raw Request (route handlers). */
export function applicationOfRequest(request: Request): string | undefined {
  const header = request.headers.get("cookie") ?? "";
  const match = header.split(/;\s*/).find((part) => part.startsWith(`${APPLICATION_COOKIE}=`));
  return match ? decodeURIComponent(match.slice(APPLICATION_COOKIE.length + 1)) : undefined;
}

/** Remembers the choice after checking the application is the merchant's (another's is NOT_FOUND). */
export async function chooseApplication(db: Database, merchantId: string, applicationId: string): Promise<Response> {
  const application = await merchantApplication(db, merchantId, applicationId);
  return json(successBody({ application_id: application.id, name: application.name }), 200, {
    "Set-Cookie": applicationCookie(application.id, Boolean(authOptions.useSecureCookies)),
  });
}
