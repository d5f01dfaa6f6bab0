import { ApiError } from "./errors";
import { errorResponse } from "./envelope";
import { routeMethods } from "./route-methods";

const compiled = Object.entries(routeMethods).map(([pattern, methods]) => ({
  regex: new RegExp(`^${pattern.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}/?$`),
  // Literal segments outrank parameters, as in Next.js routing: /v1/payments/search before /v1/payments/{id}.
  weight: pattern.split("/").filter((s) => s && !s.startsWith("{")).length,
  methods,
})).sort((a, b) => b.weight - a.weight);

/** A JSON 405 for a /v1 path that exists with other methods; null when the path or method is served. */
export function methodNotAllowed(method: string, pathname: string): Response | null {
  if (method === "OPTIONS" || method === "HEAD") return null;
  const match = compiled.find((r) => r.regex.test(pathname));
  if (!match || match.methods.includes(method)) return null;
  const allow = match.methods.join(", ");
  return errorResponse(new ApiError("METHOD_NOT_ALLOWED", `${method} is not allowed on ${pathname}. Allowed: ${allow}.`), { Allow: allow });
}
