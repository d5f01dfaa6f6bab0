import { readiness } from "@/lib/http/readiness";

/** Readiness: take this instance out of the load balancer while its database is unreachable (lib/http/readiness.ts). */
export const dynamic = "force-dynamic";

export const GET = readiness;
