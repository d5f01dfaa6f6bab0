import type { Mode, OperatorAdapterName } from "@/db/schema";
import { ApiError } from "@/lib/core/errors";

export type Route = { adapter: OperatorAdapterName; gatewayUsed: string; routingReason: string };

/**
 * One operator, several ways to reach it. `gateway_used` and `routing_reason` are informational
 * (the contract: for monitoring only).
 */
export function routePayment(mode: Mode, metadata: Record<string, unknown> | undefined): Route {
  const mock = metadata?.service_mock === true;
  const sandbox = metadata?.sandbox === true;
  if (mode === "live") {
    if (metadata?.service_mock !== undefined || metadata?.sandbox !== undefined) throw new ApiError("TEST_FLAG_IN_LIVE_MODE");
    return { adapter: "live", gatewayUsed: "operator_live", routingReason: "Live key: collected through the operator's production API, the only payment method (lowest cost, available)." };
  }
  if (sandbox && !mock) {
    return { adapter: "sandbox", gatewayUsed: "operator_sandbox", routingReason: "metadata.sandbox: collected through the operator's test environment." };
  }
  return {
    adapter: "simulator",
    gatewayUsed: "service_simulator",
    routingReason: mock ? "metadata.service_mock: settled by the service's own simulator, no operator call." : "Test key: settled by the service's simulator (send metadata.sandbox to use the operator's test environment).",
  };
}
