import { randomBytes } from "node:crypto";
import type postgres from "postgres";
import { API_KEY_PATTERN, hashApiKey } from "../lib/platform/api-keys";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const BATCH = 1_000;

function newTestKey(): string {
  const bytes = randomBytes(32);
  const key = `sk_test_${Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("")}`;
  if (!API_KEY_PATTERN.test(key)) throw new Error("generated key does not match the key pattern");
  return key;
}

/**
 * The bench runs with the real rate limits, which count per API key (100 requests a minute, 10
 * creations): load spread over many keys of one merchant measures the service, not its 429s. Keys
 * are written straight into api_keys, a thousand per statement, and each is handed out once.
 */
export function keyPool(sql: postgres.Sql, merchantId: string, applicationId: string) {
  const fresh: string[] = [];
  let issued = 0;
  return {
    get issued() {
      return issued;
    },
    async take(count: number): Promise<string[]> {
      while (fresh.length < count) {
        const keys = Array.from({ length: BATCH }, newTestKey);
        const rows = keys.map((key, i) => ({
          id: `key_bench_${issued + i}_${randomBytes(4).toString("hex")}`,
          merchant_id: merchantId,
          application_id: applicationId,
          mode: "test",
          key_hash: hashApiKey(key),
          prefix: key.slice(0, 12),
          last4: key.slice(-4),
        }));
        await sql`insert into api_keys ${sql(rows)}`;
        issued += BATCH;
        fresh.push(...keys);
      }
      return fresh.splice(0, count);
    },
  };
}
