import { describe, expect, it } from "vitest";
import { readClientSchema, readOperations, renderClientSchema, renderOperations } from "../scripts/generate-schema";

const FIX = "run `npx tsx scripts/openapi-index.ts` and commit the result";

describe("the client's generated files", () => {
  it("schema.d.ts is generated from the current OpenAPI document", async () => {
    const { text } = await renderClientSchema();
    expect(readClientSchema(process.cwd()) === text, `packages/client/src/schema.d.ts is stale: ${FIX}`).toBe(true);
  });

  it("operations.ts lists the current idempotent operations", () => {
    expect(readOperations(process.cwd()), `packages/client/src/operations.ts is stale: ${FIX}`).toBe(renderOperations());
  });
});
