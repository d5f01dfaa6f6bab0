import { publicFile } from "@/lib/http/page";
import { logoFile } from "@/lib/branding/brand";

export const dynamic = "force-dynamic";

/**
 * GET /brand/{merchantId}/{hash}.{png|jpg}: a merchant's logo, for the public pages and e-mails.
 * The hash in the name changes with the file, so the answer may be kept forever by anyone; a name
 * that is not the current logo's is 404, never another file. The type is the one found by
 * reading the file (lib/branding/image.ts), and nosniff keeps browsers to it.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ merchantId: string; file: string }> }) {
  const { merchantId, file } = await params;
  const logo = await logoFile(publicFile().db, merchantId, file);
  if (!logo)
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" } });
  return new Response(new Uint8Array(logo.bytes), {
    status: 200,
    headers: {
      "Content-Type": logo.type,
      "Content-Length": String(logo.bytes.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
