import { NextResponse, type NextRequest } from "next/server";
import { db } from "@/db/client";
import { linkPageStatus } from "@/lib/links/page";

/**
 * A page cannot choose its HTTP status beyond 404 in the App Router, and the contract wants a
 * deleted link's public URL to answer 410: the link page is rendered as usual (its bilingual
 * "deleted" or "not found" message) under the status decided here. Only /l/{slug} runs this.
 */
export async function proxy(request: NextRequest) {
  let slug: string;
  try {
    slug = decodeURIComponent(request.nextUrl.pathname.split("/")[2] ?? "");
  } catch {
    // Not valid percent-encoding (only `next dev` lets such a path through: server/edge.ts repairs it in production).
    return NextResponse.rewrite(request.nextUrl, { status: 404 });
  }
  const status = await linkPageStatus(db(), slug);
  return status === 200 ? NextResponse.next() : NextResponse.rewrite(request.nextUrl, { status });
}

export const config = { matcher: ["/l/:slug"] };
