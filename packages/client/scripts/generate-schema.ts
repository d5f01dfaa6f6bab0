/**
 * packages/client/src/schema.d.ts from the service's OpenAPI document (openapi-typescript).
 * Called by scripts/openapi-index.ts; schema.test.ts checks the committed file is current.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import { openApiDocument } from "../../../app/v1/openapi-document";

const HEADER = `/**
 * Generated from the Cauri OpenAPI document by \`npx tsx scripts/openapi-index.ts\` (openapi-typescript).
 * Do not edit by hand.
 */

`;

export async function renderClientSchema(): Promise<{ text: string; problems: string[] }> {
  const { document, problems } = openApiDocument();
  // The types do not depend on prose or on where the document is served.
  // The client supplies X-Idempotency-Key itself (a fresh UUID unless the caller gives one),
  // so in its types the header is optional even where the API requires it.
  const paths = JSON.parse(JSON.stringify(document.paths)) as typeof document.paths;
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      for (const parameter of operation.parameters) if (parameter.name === "X-Idempotency-Key") parameter.required = false;
    }
  }
  const source = { ...document, paths, info: { title: String(document.info.title), version: String(document.info.version) }, servers: undefined };
  const ast = await openapiTS(source as unknown as OpenAPI3, { alphabetize: true, silent: true });
  return { text: HEADER + astToString(ast), problems };
}

/** The operations that take X-Idempotency-Key: the client adds one to each of them. */
export function renderOperations(): string {
  const { document } = openApiDocument();
  const idempotent: string[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (operation["x-idempotency"]) idempotent.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return `${HEADER}/** "METHOD /path" of every operation that takes \`X-Idempotency-Key\`. */
export const IDEMPOTENT_OPERATIONS: ReadonlySet<string> = new Set(${JSON.stringify(idempotent.sort(), null, 2)});
`;
}

export const schemaFile = (root: string) => path.join(root, "packages/client/src/schema.d.ts");
export const operationsFile = (root: string) => path.join(root, "packages/client/src/operations.ts");

export async function writeClientSchema(root: string): Promise<{ problems: string[] }> {
  const { text, problems } = await renderClientSchema();
  writeFileSync(schemaFile(root), text);
  writeFileSync(operationsFile(root), renderOperations());
  return { problems };
}

export const readClientSchema = (root: string) => readFileSync(schemaFile(root), "utf8");
export const readOperations = (root: string) => readFileSync(operationsFile(root), "utf8");
