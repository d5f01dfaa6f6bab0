import { route } from "@/lib/http/route";
import { linkQr } from "@/lib/links/qr";
import { QR_SIZE, QrInput, qrSchema } from "@/lib/links/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "none",
    query: QrInput,
    doc: {
      summary: "QR code of a payment link (public)",
      description:
        `Encodes the link's \`url\`. Default JSON: \`data = {qr_code: "data:image/png;base64,…", url}\`. \`?format=png\` or \`?format=svg\` answers the raw image. ` +
        `\`?size=\` in pixels, ${QR_SIZE.min}..${QR_SIZE.max} (default ${QR_SIZE.default}). Cacheable: an \`ETag\` per (url, format, size); \`If-None-Match\` answers 304. A deleted link answers 410.`,
      tags: ["Payment links"],
      response: qrSchema,
      produces: ["application/json", "image/png", "image/svg+xml"],
      errors: ["LINK_NOT_FOUND", "LINK_ARCHIVED"],
    },
  },
  (ctx, { params, query }) => linkQr(ctx.db, params.slug, query, ctx.request.headers.get("if-none-match")),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
