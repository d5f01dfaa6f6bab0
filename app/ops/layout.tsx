import type { ReactNode } from "react";
import { Providers } from "@/app/providers";
import { requireStaffSession } from "@/lib/auth/session";

// Staff only; a merchant gets 404 (each page checks again).
export default async function OpsLayout({ children }: { children: ReactNode }) {
  await requireStaffSession();
  return <Providers>{children}</Providers>;
}
