import { DashboardFrame } from "@/components/dashboard/DashboardFrame";
import { SignatureDebugger } from "@/components/dashboard/areas/webhooks/SignatureDebugger";
import { dashboardMetadata } from "@/components/dashboard/metadata";
import { RoleRefusal } from "@/components/dashboard/RoleRefusal";
import { dashboardPage, type SearchParams } from "@/lib/http/page";
import { listEndpoints } from "@/lib/webhooks/endpoints";

export const generateMetadata = dashboardMetadata("webhooks");

// The signature debugger reads the endpoints' secrets and the bodies sent: what opening a delivery needs.
export default async function SignatureDebuggerPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, refused } = await dashboardPage("/dashboard/webhooks/debugger", "developers.logs", searchParams);
  if (refused) return <RoleRefusal locale={locale} ctx={ctx} permission={refused} active="webhooks" />;
  const endpoints = (await listEndpoints(ctx)).map((e) => ({ id: e.id, url: e.url }));
  return (
    <DashboardFrame locale={locale} mode={ctx.mode} merchantName={ctx.merchant.name} productionEnabled={ctx.merchant.productionEnabled} active="webhooks">
      <SignatureDebugger locale={locale} endpoints={endpoints} />
    </DashboardFrame>
  );
}
