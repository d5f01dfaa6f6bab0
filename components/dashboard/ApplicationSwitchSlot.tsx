import { merchantApplications } from "@/lib/auth/dashboard-context";
import { requireDashboardContext } from "@/lib/http/session";
import type { Locale } from "@/lib/i18n/locale";
import { ApplicationSwitch } from "./ApplicationSwitch";

/** The frame's application switcher, fed from the render's (cached) dashboard context. */
export async function ApplicationSwitchSlot({ locale }: { locale: Locale }) {
  const ctx = await requireDashboardContext("/dashboard", "dashboard.read");
  const applications = await merchantApplications(ctx.db, ctx.merchant.id);
  return <ApplicationSwitch locale={locale} applications={applications.map((a) => ({ id: a.id, name: a.name }))} current={ctx.application.id} />;
}
