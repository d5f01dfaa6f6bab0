import { describe, expect, it } from "vitest";
import { isNotAllowedHandler } from "@/lib/http/method-not-allowed";
import { HTTP_METHODS } from "@/lib/http/openapi/types";
import { routeIndex } from "@/app/v1/route-index";

type Handler = (request: Request) => Promise<Response>;

describe("methods of the /v1 route files", () => {
  it("every /v1 route file answers all five methods: its own, or the JSON 405 naming exactly its own in Allow", async () => {
    for (const entry of routeIndex) {
      const url = `http://localhost${entry.path.replace(/\{[^}]+\}/g, "x")}`;
      const served = HTTP_METHODS.filter((m) => typeof entry.module[m] === "function" && !isNotAllowedHandler(entry.module[m]));
      expect(served.length, `${entry.file} serves no method`).toBeGreaterThan(0);
      for (const method of HTTP_METHODS) {
        const handler = entry.module[method];
        expect(handler, `${entry.file} exports no ${method}: add it to its notAllowed(…) line`).toBeTypeOf("function");
        if (served.includes(method)) continue;
        const res = await (handler as Handler)(new Request(url, { method, headers: { "x-request-id": "req_405" } }));
        expect(res.status, `${method} ${entry.path}`).toBe(405);
        expect(res.headers.get("allow"), `${method} ${entry.path}`).toBe(served.join(", "));
        expect(res.headers.get("x-request-id")).toBe("req_405");
        expect(await res.json()).toEqual({ success: false, error: { code: "METHOD_NOT_ALLOWED", message: `${method} is not allowed on ${new URL(url).pathname}. Allowed: ${served.join(", ")}.` } });
      }
      const options = entry.module.OPTIONS as Handler;
      expect(options, `${entry.file} exports no OPTIONS`).toBeTypeOf("function");
      const preflight = await options(new Request(url, { method: "OPTIONS" }));
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get("allow")).toBe([...served, ...(served.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", "));
    }
  });

});
