import { DashboardFrame } from "@/components/dashboard/DashboardFrame";
import { FiguresView } from "@/components/dashboard/areas/figures/FiguresView";
import { dashboardMetadata } from "@/components/dashboard/metadata";
import { RoleRefusal } from "@/components/dashboard/RoleRefusal";
import { figuresFor } from "@/lib/figures/queries";
import { figuresQuerySchema } from "@/lib/figures/schemas";
import { dashboardPage, type SearchParams } from "@/lib/http/page";
import { NOTIFICATION_SETTINGS_PATH } from "@/lib/notifications/merchant";

export const generateMetadata = dashboardMetadata("figures");

export default async function FiguresPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, refused } = await dashboardPage("/dashboard/figures", "withdrawals.read", searchParams);
  if (refused) return <RoleRefusal locale={locale} ctx={ctx} permission={refused} active="figures" />;
  // A link may name the period (the weekly e-mail's opens 7 days); anything else shows the default.
  const asked = figuresQuerySchema.safeParse({ period: (await searchParams).period });
  const days = asked.success ? asked.data.period : 30;
  const initial = await figuresFor(ctx.db, { merchantId: ctx.merchant.id, mode: ctx.mode, days, now: ctx.now });
  return (
    <DashboardFrame locale={locale} mode={ctx.mode} merchantName={ctx.merchant.name} productionEnabled={ctx.merchant.productionEnabled} active="figures">
      <FiguresView locale={locale} mode={ctx.mode} initial={initial} settingsHref={NOTIFICATION_SETTINGS_PATH} />
    </DashboardFrame>
  );
}
