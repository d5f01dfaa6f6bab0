import { publicPage } from "@/lib/http/page";
import { receiptFilename, receiptPdf } from "@/lib/receipts/pdf";
import { receiptByToken } from "@/lib/receipts/view";

export const dynamic = "force-dynamic";

/**
 * GET /r/{token}/pdf: the receipt as a PDF download, in the page's language (`?lang=`, else the
 * cookie and the browser's). A receipt never changes once the payment succeeded, so the browser
 * may keep it; only the browser (private), since its URL is its key.
 */
export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }) {
  const url = new URL(request.url);
  const [{ token }, { locale, db }] = await Promise.all([params, publicPage(Promise.resolve(Object.fromEntries(url.searchParams)))]);
  const view = await receiptByToken(db, token);
  const common = { "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "same-origin" };
  if (!view) return new Response("Not found", { status: 404, headers: { ...common, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  const pdf = await receiptPdf(view, locale);
  return new Response(new Uint8Array(pdf), {
    status: 200,
    headers: {
      ...common,
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.length),
      "Content-Disposition": `attachment; filename="${receiptFilename(view, locale)}"`,
      "Cache-Control": "private, max-age=31536000, immutable",
      Vary: "Accept-Language, Cookie",
    },
  });
}
