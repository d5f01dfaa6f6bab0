import type { OperatorAdapterName } from "@/db/schema";
import { liveAdapter, sandboxAdapter } from "./http-adapter";
import type { OperatorAdapter } from "./port";
import { simulatorAdapter } from "./simulator";

/**
 * The three ways to the operator (docs/architecture.md, "The operator"): the simulator (no network), the operator's test
 * environment and production over HTTP (lib/operator/http-adapter.ts, configured from env).
 */
const adapters = new Map<OperatorAdapterName, OperatorAdapter>([
  ["simulator", simulatorAdapter],
  ["sandbox", sandboxAdapter],
  ["live", liveAdapter],
]);

/** Replaces an adapter (e.g. a deployment-specific one). */
export function registerAdapter(adapter: OperatorAdapter): void {
  adapters.set(adapter.name, adapter);
}

export function operatorAdapter(name: OperatorAdapterName): OperatorAdapter {
  const adapter = adapters.get(name);
  if (!adapter) throw new Error(`operator adapter ${name} is not configured`);
  return adapter;
}
