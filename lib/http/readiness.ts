import { db } from "@/db/client";
import { databaseReady } from "@/lib/platform/health";
import { requestIdOf } from "./request-id";

/** GET /readyz: take this instance out of the load balancer while its database is unreachable. */
export async function readiness(request: Request): Promise<Response> {
  const database = await databaseReady(db());
  return Response.json(
    { status: database.ok ? "ready" : "unavailable", database: { ok: database.ok, latency_ms: database.latency_ms } },
    { status: database.ok ? 200 : 503, headers: { "Cache-Control": "no-store", "X-Request-Id": requestIdOf(request) } },
  );
}
