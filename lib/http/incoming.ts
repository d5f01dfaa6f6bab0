/**
 * What the pipeline reads of a request. A Web Request is one; so is the direct dispatcher's
 * view of a Node request (server/v1-dispatch.ts), which spares every /v1 call the building of a
 * Request and its Headers (docs/performance.md).
 */
export type IncomingRequest = {
  readonly method: string;
  /** The absolute URL. */
  readonly url: string;
  readonly headers: Pick<Headers, "get" | "has">;
  text(): Promise<string>;
};
