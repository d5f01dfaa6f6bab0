import { z } from "zod";

/** `page` (from 1) and `limit` (1..100, default 20) of every list route of links and billing. */
export const pageFields = {
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
};

export const paginationSchema = z
  .object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), pages: z.number().int() })
  .describe("Beside `data` (which stays an array, as existing clients read it).");

export type Pagination = z.infer<typeof paginationSchema>;

export const pagination = (page: number, limit: number, total: number): Pagination => ({ page, limit, total, pages: Math.ceil(total / limit) });

/** Escapes LIKE wildcards so a search for "50%" finds "50%" literally. */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Query booleans arrive as strings: "true"/"false" (and 1/0). */
export const queryBoolean = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");
