import { DashboardFrame } from "@/components/dashboard/DashboardFrame";
import { WebhooksView } from "@/components/dashboard/areas/WebhooksView";
import type { WebhooksOverview } from "@/components/dashboard/areas/webhooks/use-webhooks";
import { dashboardMetadata } from "@/components/dashboard/metadata";
import { RoleRefusal } from "@/components/dashboard/RoleRefusal";
import { dashboardPage, type SearchParams } from "@/lib/http/page";
import { can } from "@/lib/auth/permissions";
import { listEndpoints } from "@/lib/webhooks/endpoints";
import { EVENT_TYPES } from "@/lib/webhooks/event-types";
import { deliveryDays } from "@/lib/webhooks/daily-stats";
import { listLogs, webhookStats } from "@/lib/webhooks/logs";

export const generateMetadata = dashboardMetadata("webhooks");

export default async function WebhooksPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, refused } = await dashboardPage("/dashboard/webhooks", "developers.read", searchParams);
  if (refused) return <RoleRefusal locale={locale} ctx={ctx} permission={refused} active="webhooks" />;
  const endpoints = await listEndpoints(ctx);
  const logs = await listLogs(ctx, { page: 1, limit: 50 });
  const initial = { endpoints, logs: logs.items } as WebhooksOverview;
  const initialStats = { summary: await webhookStats(ctx), days: await deliveryDays(ctx) };
  return (
    <DashboardFrame locale={locale} mode={ctx.mode} merchantName={ctx.merchant.name} productionEnabled={ctx.merchant.productionEnabled} active="webhooks">
      <WebhooksView
        locale={locale}
        mode={ctx.mode}
        initial={initial}
        initialStats={initialStats}
        eventTypes={[...EVENT_TYPES]}
        canManage={can(ctx.user.merchantRole, "developers.manage")}
        canReadLogs={can(ctx.user.merchantRole, "developers.logs")}
      />
    </DashboardFrame>
  );
}
