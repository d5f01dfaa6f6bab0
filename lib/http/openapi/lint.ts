import { createConfig, lintFromString } from "@redocly/openapi-core";
import type { OpenApiDocument } from "./types";

export type LintProblem = { severity: string; rule: string; message: string; where: string };

/** Redocly's `recommended` ruleset over the document, as `redocly lint` runs it. */
export async function lintOpenApiDocument(document: OpenApiDocument): Promise<LintProblem[]> {
  const config = await createConfig({ extends: ["recommended"] });
  const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: "openapi.json", config });
  return problems.map((p) => ({ severity: p.severity, rule: p.ruleId, message: p.message, where: p.location.map((l) => l.pointer).join(" ") }));
}
