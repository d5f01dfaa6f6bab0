import { z } from "zod";
import { route } from "@/lib/http/route";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "none",
    doc: {
      summary: "This API's OpenAPI 3.1 document",
      description: "Generated from the route definitions themselves: every /v1 operation with its parameters, bodies, responses and error codes. Import it into your tools, or browse it at /docs/reference.",
      tags: ["Meta"],
      response: z.object({ openapi: z.string(), info: z.record(z.string(), z.unknown()), paths: z.record(z.string(), z.unknown()) }).loose(),
      produces: ["application/json"],
      unwrapped: true,
    },
  },
  async (ctx) => {
    // Loaded at request time: the document imports every route file, this one included.
    const { openApiDocument } = await import("@/app/v1/openapi-document");
    const { document } = openApiDocument();
    // Behind a proxy (or `next start` bound to 0.0.0.0) the request URL's host is not the public one: prefer the Host headers.
    const url = new URL(ctx.request.url);
    const host = ctx.request.headers.get("x-forwarded-host") ?? ctx.request.headers.get("host") ?? url.host;
    const proto = ctx.request.headers.get("x-forwarded-proto")?.split(",")[0].trim() ?? url.protocol.replace(":", "");
    const origin = `${proto}://${host}`;
    const server = process.env.CAURI_PUBLIC_URL?.replace(/\/+$/, "") || origin;
    const body = { ...document, info: { ...document.info, contact: { ...(document.info.contact as object), url: `${server}/docs` } }, servers: [{ ...document.servers![0], url: server }] };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" },
    });
  },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
