import type { FileResult, FileSpec } from "@/lib/core/file-result";

const streamOf = (chunks: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> => {
  const iterator = chunks[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(new Uint8Array(value));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
};

export function cacheHeaders(cache: FileSpec["cache"], etag?: string): Record<string, string> {
  // no-transform: a compressing proxy (or Next.js's own compression) would buffer the events; X-Accel-Buffering: nginx's.
  if (cache.scope === "live") return { "Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no" };
  if (cache.scope === "private") return { "Cache-Control": "private, no-store", ...(etag ? { ETag: etag } : {}) };
  return { "Cache-Control": `public, max-age=${cache.maxAgeSeconds}, must-revalidate`, Vary: "Accept-Encoding", ...(etag ? { ETag: etag } : {}) };
}

/** The HTTP answer for a file an operation returned: its headers, its validator, and the bytes streamed as the client reads them. */
export function fileResponse({ file, notModified }: FileResult, headers: Record<string, string> = {}): Response {
  const common = { ...headers, ...cacheHeaders(file.cache, file.etag) };
  if (notModified) return new Response(null, { status: 304, headers: common });
  const body = typeof file.body === "string" || file.body instanceof Uint8Array ? file.body : streamOf(file.body);
  const length = file.length ?? (file.body instanceof Uint8Array ? file.body.length : undefined);
  return new Response(body as BodyInit, {
    status: 200,
    headers: {
      ...common,
      "Content-Type": file.contentType,
      ...(length !== undefined ? { "Content-Length": String(length) } : {}),
      ...(file.filename ? { "Content-Disposition": `attachment; filename="${file.filename}"` } : {}),
      ...(file.sha256 ? { "X-Content-SHA256": file.sha256 } : {}),
    },
  });
}
