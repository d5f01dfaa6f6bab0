import type { IncomingMessage } from "node:http";

export class BodyTooLarge extends Error {}
/** The client went away before its body was complete: there is nobody to answer. */
export class BodyAborted extends Error {}

/** Methods whose requests carry a body our routes read. */
export const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The declared length, or null when the body is chunked or absent. */
export function declaredLength(req: IncomingMessage): number | null {
  const raw = req.headers["content-length"];
  if (raw === undefined) return null;
  const length = Number(raw);
  return Number.isSafeInteger(length) && length >= 0 ? length : null;
}

/**
 * The whole body, refused as soon as it passes `limit` bytes: a client announcing a small
 * Content-Length (or none, chunked) cannot make the server hold more than the limit.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off("data", onData);
        req.pause();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("end", () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    req.once("close", () => {
      if (!req.complete) reject(new BodyAborted());
    });
    req.once("error", () => reject(new BodyAborted()));
  });
}
