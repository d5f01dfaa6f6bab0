import { requestIdOf } from "@/lib/http/request-id";

/** Liveness: the process serves requests. It checks nothing else, so a database outage never gets instances killed. */
export const dynamic = "force-dynamic";

export function GET(request: Request) {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store", "X-Request-Id": requestIdOf(request) } });
}
