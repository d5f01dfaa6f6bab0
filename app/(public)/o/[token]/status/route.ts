import { ApiError } from "@/lib/core/errors";
import { errorBody } from "@/lib/http/envelope";
import { publicPage } from "@/lib/http/page";
import { buyerProgress } from "@/lib/secure-orders/poll";
import { buyerView } from "@/lib/secure-orders/public";

export const dynamic = "force-dynamic";

// Same rules as the page: the token is the key, so nothing is cached, indexed or sent on as a referrer.
const HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "same-origin" };

/**
 * What the buyer page polls while a payment awaits approval (components/secure-orders/AutoRefresh):
 * the order's progress in a few bytes, so a slow phone re-renders the page only when it changed.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  const [{ token }, { db }] = await Promise.all([params, publicPage()]);
  const view = await buyerView(db, token);
  if (!view) return Response.json(errorBody(new ApiError("NOT_FOUND")), { status: 404, headers: HEADERS });
  return Response.json({ progress: buyerProgress(view) }, { headers: HEADERS });
}
