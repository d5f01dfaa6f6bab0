/**
 * How this process's connections appear in pg_stat_activity (CAURI_INSTANCE_NAME:pid): one
 * process holds one pool, whichever copy of the client module opened it (docs/architecture.md, "The request path").
 */
export const databaseApplicationName = () => `${process.env.CAURI_INSTANCE_NAME ?? "cauri"}:${process.pid}`;
