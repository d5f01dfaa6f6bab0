import type { NextRequest } from "next/server";
import { NextResponse } from "next/server";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";

/** Unsupported methods on /v1 routes get the contract's JSON error envelope, not an empty 405. */
export function proxy(request: NextRequest) {
  return methodNotAllowed(request.method, request.nextUrl.pathname) ?? NextResponse.next();
}

export const config = { matcher: ["/v1/:path*"] };
