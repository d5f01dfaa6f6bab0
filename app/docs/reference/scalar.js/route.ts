import { readFile } from "node:fs/promises";
import { scalarBundlePath } from "./bundle";

let bundle: Promise<string> | undefined;

// Scalar's browser bundle, from node_modules, so /docs/reference needs no CDN.
export async function GET(): Promise<Response> {
  bundle ??= readFile(scalarBundlePath(), "utf8");
  try {
    return new Response(await bundle, {
      headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=86400" },
    });
  } catch {
    bundle = undefined;
    return new Response("// Scalar bundle not installed: run npm install.", { status: 503, headers: { "Content-Type": "text/javascript" } });
  }
}
