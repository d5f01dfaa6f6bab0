import { DashboardFrame } from "@/components/dashboard/DashboardFrame";
import { NewInvoiceView } from "@/components/dashboard/areas/invoices/NewInvoiceView";
import { dashboardMetadata } from "@/components/dashboard/metadata";
import { RoleRefusal } from "@/components/dashboard/RoleRefusal";
import { dashboardPage, type SearchParams } from "@/lib/http/page";
import { formatPhone } from "@/lib/format/phone";
import { normalizePhone } from "@/lib/phone/parse";
import { dayOf } from "@/lib/invoices/days";
import { DEFAULT_REMINDER_DAYS, INVOICE_LIMITS } from "@/lib/invoices/schemas";

export const generateMetadata = dashboardMetadata("invoices");

export default async function NewInvoicePage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, refused } = await dashboardPage("/dashboard/invoices/new", "commerce", searchParams);
  if (refused) return <RoleRefusal locale={locale} ctx={ctx} permission={refused} active="invoices" />;
  // Opened from a customer's page: the invoice is for that customer.
  const asked = (await searchParams).customer_phone;
  const phone = typeof asked === "string" ? normalizePhone(asked) : null;
  return (
    <DashboardFrame locale={locale} mode={ctx.mode} merchantName={ctx.merchant.name} productionEnabled={ctx.merchant.productionEnabled} active="invoices">
      <NewInvoiceView locale={locale} mode={ctx.mode} merchantName={ctx.merchant.name} limits={INVOICE_LIMITS} defaultReminderDays={DEFAULT_REMINDER_DAYS} today={dayOf(ctx.now)} phone={phone ? formatPhone(phone) : undefined} />
    </DashboardFrame>
  );
}
