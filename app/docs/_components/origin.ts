import { headers } from "next/headers";

/** The base URL the reader reached us on, so every sample can be pasted as is. */
export async function apiOrigin(): Promise<string> {
  const configured = process.env.CAURI_PUBLIC_URL?.replace(/\/+$/, "");
  if (configured) return configured;
  const h = await headers();
  const host = h.get("x-forwarded-host") ?? h.get("host") ?? "localhost:3000";
  const proto = h.get("x-forwarded-proto") ?? (host.startsWith("localhost") || host.startsWith("127.") ? "http" : "https");
  return `${proto}://${host}`;
}
