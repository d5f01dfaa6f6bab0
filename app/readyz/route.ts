import { requestIdOf } from "@/lib/http/request-id";
import { db } from "@/db/client";
import { databaseReady } from "@/lib/platform/health";

/** Readiness: take this instance out of the load balancer while its database is unreachable. */
export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  const database = await databaseReady(db());
  return Response.json(
    { status: database.ok ? "ready" : "unavailable", database: { ok: database.ok, latency_ms: database.latency_ms } },
    { status: database.ok ? 200 : 503, headers: { "Cache-Control": "no-store", "X-Request-Id": requestIdOf(request) } },
  );
}
