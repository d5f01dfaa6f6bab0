/**
 * A file an operation hands back instead of JSON data: an export, a stored report, a QR image.
 * The entry point sends it (lib/http/pipeline.ts), so the domain never builds a Response.
 */
export type FileSpec = {
  /** The bytes, whole or streamed chunk by chunk as the client reads them. */
  body: AsyncIterable<Uint8Array> | Uint8Array | string;
  contentType: string;
  /** Offered as the download's name (an attachment); absent for content shown inline. */
  filename?: string;
  /** Known up front (a stored file), so the client can show progress. */
  length?: number;
  /** A strong validator of the content: a request naming it gets "not modified" without the bytes. */
  etag?: string;
  /**
   * Whether shared caches may keep it (a public QR image) or only the requester (a merchant's
   * export); "live": a stream written as things happen (server-sent events), which no cache,
   * proxy or compression may hold back.
   */
  cache: { scope: "public"; maxAgeSeconds: number } | { scope: "private" } | { scope: "live" };
  /** The content's SHA-256, for the client to check what it received. */
  sha256?: string;
};

export class FileResult {
  constructor(
    readonly file: FileSpec,
    /** The requester already holds this version (its validator matched): send no body. */
    readonly notModified = false,
  ) {}
}

/** JSON data that shared caches may keep for a while (a public QR code's data URL), with its validator. */
export class CacheableData<T = unknown> {
  constructor(
    readonly data: T,
    readonly cache: { etag: string; maxAgeSeconds: number },
    readonly notModified = false,
  ) {}
}
