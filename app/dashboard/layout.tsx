import type { ReactNode } from "react";
import { Providers } from "@/app/providers";
import { EmailVerificationBanner } from "@/components/account/EmailVerificationBanner";
import { pageLocale } from "@/lib/http/page";
import { requireMerchantSession } from "@/lib/http/session";

// Signed-in merchants only (each page checks again: a layout is not re-run on every navigation).
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const { user } = await requireMerchantSession("/dashboard", "dashboard.read");
  return (
    <Providers>
      {user.emailVerifiedAt ? null : <EmailVerificationBanner locale={await pageLocale()} email={user.email} />}
      {children}
    </Providers>
  );
}
