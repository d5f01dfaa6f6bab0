/**
 * The names client libraries send for a field, declared on the object schema whose preprocessing
 * folds them in (`.meta({ [ALIASES]: … })`), so the OpenAPI document describes them
 * (lib/http/openapi/schema.ts): `alias: "field"` for a flat alias, or `alias: { key: "field", … }` for a nested
 * object whose keys stand for flat fields. No imports: schemas used in the browser declare them too.
 */
export const ALIASES = "x-aliases";
export type Aliases = Record<string, string | Record<string, string>>;
