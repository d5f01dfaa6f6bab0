"use server";

import { refresh } from "next/cache";
import { db } from "@/db/client";
import { ApiError } from "@/lib/http/errors";
import { cancelFromPortal, payOverdueFromPortal, updatePortalProfile } from "@/lib/portal/sessions";

export type PortalActionResult = { ok: true; redirectTo?: string } | { ok: false; code: string };
export type ProfileState = { result: PortalActionResult | null; at: number };

const str = (v: unknown) => (typeof v === "string" ? v : "");

async function attempt(work: () => Promise<string | void>): Promise<PortalActionResult> {
  try {
    const redirectTo = await work();
    return redirectTo ? { ok: true, redirectTo } : { ok: true };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, code: error.code };
    throw error;
  }
}

// Arguments come from the browser: the token decides whose data it is, checked on every call.
export async function cancelAction(token: string, subscriptionId: unknown): Promise<PortalActionResult> {
  const result = await attempt(() => cancelFromPortal(db(), token, str(subscriptionId)));
  refresh();
  return result;
}

export async function payNowAction(token: string, subscriptionId: unknown): Promise<PortalActionResult> {
  return attempt(() => payOverdueFromPortal(db(), token, str(subscriptionId)));
}

export async function profileAction(token: string, _prev: ProfileState, formData: FormData): Promise<ProfileState> {
  const result = await attempt(() => updatePortalProfile(db(), token, { name: str(formData.get("name")), email: str(formData.get("email")) }));
  refresh();
  return { result, at: Date.now() };
}
