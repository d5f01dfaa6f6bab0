"use server";

import { refresh } from "next/cache";
import { headers } from "next/headers";
import { runAction, type ActionContext } from "@/lib/http/action";
import { cancelFromPortal, payOverdueFromPortal, updatePortalProfile } from "@/lib/portal/sessions";

export type PortalActionResult = { ok: true; redirectTo?: string } | { ok: false; code: string };
export type ProfileState = { result: PortalActionResult | null; at: number };

const str = (v: unknown) => (typeof v === "string" ? v : "");

/** One portal action through the request pipeline, limited per client IP like the portal's API. */
async function attempt(name: string, work: (db: ActionContext["db"]) => Promise<string | void>): Promise<PortalActionResult> {
  const result = await runAction(await headers(), { name, limits: ["default"] }, ({ db }) => work(db));
  if (!result.ok) return { ok: false, code: result.code };
  return result.value ? { ok: true, redirectTo: result.value } : { ok: true };
}

// Arguments come from the browser: the token decides whose data it is, checked on every call.
export async function cancelAction(token: string, subscriptionId: unknown): Promise<PortalActionResult> {
  const result = await attempt("portal.cancel", (db) => cancelFromPortal(db, token, str(subscriptionId)));
  refresh();
  return result;
}

export async function payNowAction(token: string, subscriptionId: unknown): Promise<PortalActionResult> {
  return attempt("portal.payNow", (db) => payOverdueFromPortal(db, token, str(subscriptionId)));
}

export async function profileAction(token: string, _prev: ProfileState, formData: FormData): Promise<ProfileState> {
  const result = await attempt("portal.profile", (db) => updatePortalProfile(db, token, { name: str(formData.get("name")), email: str(formData.get("email")) }));
  refresh();
  return { result, at: Date.now() };
}
