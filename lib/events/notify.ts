type Listener = () => void;

// On globalThis: production loads lib/ twice in one process (the server's /v1 copy and Next.js's
// bundle, docs/architecture.md, "The request path"); a payment committed by one copy must wake the worker the other started.
const globalRef = globalThis as unknown as { __cauriEventListeners?: Set<Listener> };
const listeners = (globalRef.__cauriEventListeners ??= new Set<Listener>());

/**
 * In-process nudge so the embedded delivery worker looks at the outbox right away instead of
 * waiting for its next poll. It is only a hint: the worker re-reads committed rows, so a nudge
 * sent before the transaction commits simply finds nothing new and the poll catches it.
 */
export function notifyEventsCommitted(): void {
  for (const listener of listeners) queueMicrotask(listener);
}

export function onEventsCommitted(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
