import type { ReactNode } from "react";
import { Providers } from "@/app/providers";
import { requireStaffSession } from "@/lib/http/session";

// Staff only; a merchant gets 404. Each page checks again, and sends staff without two-factor to
// /ops/security (a layout cannot tell which page it wraps, so the redirect is the pages').
export default async function OpsLayout({ children }: { children: ReactNode }) {
  await requireStaffSession("/ops", { beforeTwoFactor: true });
  return <Providers>{children}</Providers>;
}
