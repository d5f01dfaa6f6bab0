import { publicFile } from "@/lib/http/page";
import { toLocale } from "@/lib/i18n/locale";
import { invoiceFilename, invoicePdf } from "@/lib/invoices/pdf";
import { invoicePage } from "@/lib/invoices/public";

export const dynamic = "force-dynamic";

/**
 * GET /i/{token}/pdf (the invoice's `pdf_url`): the invoice as a PDF download, in `?lang=fr|en`,
 * else the invoice's own language. Reading the file is not a visit. An invoice changes state
 * (paid, voided, overdue), so the browser revalidates every time; only the browser keeps it
 * (private), since its URL is its key.
 */
export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { db } = publicFile();
  const view = await invoicePage(db, token, { recordView: false });
  const common = { "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "same-origin" };
  if (!view) return new Response("Not found", { status: 404, headers: { ...common, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  const locale = toLocale(new URL(request.url).searchParams.get("lang")) ?? view.locale;
  const pdf = await invoicePdf(view, locale);
  return new Response(new Uint8Array(pdf), {
    status: 200,
    headers: {
      ...common,
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.length),
      "Content-Disposition": `attachment; filename="${invoiceFilename(view, locale)}"`,
      "Cache-Control": "private, no-cache",
    },
  });
}
