import { notFound } from "next/navigation";
import { DashboardFrame } from "@/components/dashboard/DashboardFrame";
import { InvoiceDetailView } from "@/components/dashboard/areas/invoices/InvoiceDetailView";
import { dashboardMetadata } from "@/components/dashboard/metadata";
import { RoleRefusal } from "@/components/dashboard/RoleRefusal";
import { dashboardPage, type SearchParams } from "@/lib/http/page";
import { can } from "@/lib/auth/permissions";
import { ApiError } from "@/lib/core/errors";
import { dayOf } from "@/lib/invoices/days";
import { getInvoice, invoiceTimeline } from "@/lib/invoices/queries";
import { DEFAULT_REMINDER_DAYS, INVOICE_LIMITS } from "@/lib/invoices/schemas";

export const generateMetadata = dashboardMetadata("invoices");

// Another merchant's invoice, or the other mode's: the dashboard's 404.
export default async function InvoicePage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: SearchParams }) {
  const { id } = await params;
  const { ctx, locale, refused } = await dashboardPage(`/dashboard/invoices/${encodeURIComponent(id)}`, "dashboard.read", searchParams);
  if (refused) return <RoleRefusal locale={locale} ctx={ctx} permission={refused} active="invoices" />;
  let detail;
  try {
    detail = { invoice: await getInvoice(ctx, id), timeline: await invoiceTimeline(ctx, id) };
  } catch (error) {
    if (error instanceof ApiError && error.code === "INVOICE_NOT_FOUND") notFound();
    throw error;
  }
  return (
    <DashboardFrame locale={locale} mode={ctx.mode} merchantName={ctx.merchant.name} productionEnabled={ctx.merchant.productionEnabled} active="invoices">
      <InvoiceDetailView
        locale={locale}
        mode={ctx.mode}
        initial={detail}
        canEdit={can(ctx.user.merchantRole, "commerce")}
        merchantName={ctx.merchant.name}
        limits={INVOICE_LIMITS}
        defaultReminderDays={DEFAULT_REMINDER_DAYS}
        today={dayOf(ctx.now)}
      />
    </DashboardFrame>
  );
}
