import { buildOpenApiDocument, type BuildResult } from "@/lib/http/openapi/document";
import { readDecisions } from "@/lib/http/openapi/description";
import { routeIndex } from "@/app/v1/route-index";

let built: BuildResult | undefined;

/** The document generated from every /v1 route's definition; built once per process. */
export function openApiDocument(): BuildResult {
  built ??= buildOpenApiDocument(routeIndex, { decisions: readDecisions() });
  return built;
}
