import { openApiDocument } from "@/app/v1/openapi-document";
import { createResponseValidator } from "@/lib/http/openapi/validate";

let check: ReturnType<typeof createResponseValidator> | undefined;

/**
 * Fails unless `body` is what the OpenAPI document promises for `method path → status`:
 * the operation exists, documents that status, and the body matches its schema (for errors,
 * the code is one the operation lists under that status). Call it on the answers of your route
 * tests, e.g. `expectMatchesOpenApi("POST", "/v1/payments", res.status, res.body)`.
 */
export function expectMatchesOpenApi(method: string, path: string, status: number, body: unknown): void {
  check ??= createResponseValidator(openApiDocument().document);
  const result = check(method, path, status, body);
  if (!result.ok) throw new Error(`OpenAPI mismatch: ${result.reason}`);
}
