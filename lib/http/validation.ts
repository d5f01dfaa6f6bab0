import type { z } from "zod";
import { ApiError, type ErrorCode } from "./errors";

/** Maps a field (dotted path, or its first segment) to the contract's code for it. */
export type FieldCodes = Record<string, ErrorCode | { missing?: ErrorCode; invalid: ErrorCode }>;

export type InputSpec<S extends z.ZodType = z.ZodType> = { schema: S; codes?: FieldCodes };

/** A schema plus the error codes of its fields: one source for validation, errors and docs. */
export const input = <S extends z.ZodType>(schema: S, codes?: FieldCodes): InputSpec<S> => ({ schema, codes });

/** Validates raw input; the first problem becomes an ApiError naming the field. */
export function parseInput<S extends z.ZodType>(spec: InputSpec<S>, raw: unknown): z.output<S> {
  const result = spec.schema.safeParse(raw, { reportInput: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue.path.map(String).join(".");
  const field = path || "body";
  // Judged on the value the schema saw (after any preprocessing, e.g. nested aliases).
  const missing = issue.path.length > 0 && issue.code === "invalid_type" && (issue as { input?: unknown }).input === undefined;
  const mapped = spec.codes?.[path] ?? spec.codes?.[String(issue.path[0] ?? "")];
  let code: ErrorCode = missing ? "MISSING_FIELD" : "INVALID_FIELD";
  if (typeof mapped === "string") code = mapped;
  else if (mapped) code = (missing ? mapped.missing : undefined) ?? mapped.invalid;
  // A field-specific code carries its own catalogue message; a generic one names the field.
  const generic = code === "MISSING_FIELD" || code === "INVALID_FIELD";
  const message = !generic ? undefined : missing ? `${field} is required.` : `${field}: ${issue.message}`;
  throw new ApiError(code, message, { param: field });
}
