import postgres from "postgres";

export type ThrowawayDatabase = { url: string; name: string; drop: () => Promise<void> };

/**
 * Creates `<prefix>_<timestamp>` on the PostgreSQL server of `serverUrl` (the e2e runner's and the
 * benchmark's own database) and returns its URL and a dropper.
 */
export async function createThrowawayDatabase(serverUrl: string, prefix: string): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${Date.now()}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const sql = postgres(serverUrl, { max: 1, onnotice: () => {} });
      try {
        // FORCE: a server that did not shut down cleanly may still hold connections.
        await sql.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await sql.end();
      }
    },
  };
}
