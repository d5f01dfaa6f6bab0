import type { ReactNode } from "react";
import { Providers } from "@/app/providers";
import { requireMerchantSession } from "@/lib/auth/session";

// Signed-in merchants only (each page checks again: a layout is not re-run on every navigation).
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  await requireMerchantSession();
  return <Providers>{children}</Providers>;
}
