import type { Database } from "@/db/client";

/**
 * Which rows a background job's pass covers: all of them (the schedule), or one merchant's (the
 * sandbox clock advance runs the merchant's due work before it answers).
 */
export type JobScope = { merchantId?: string };

/** The merchant's due background work, as the job list defines it (lib/jobs/registry.ts), handed to what must run it. */
export type DueWork = (db: Database, scope: JobScope) => Promise<void>;
