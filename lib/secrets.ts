import { hkdfSync, randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { log } from "@/lib/log";

const MIN_SECRET_LENGTH = 32;
const keyCache = new Map<string, Buffer>();
let master: Buffer | null = null;

function dataDir(): string {
  // turbopackIgnore: a runtime path, not a file for the build to trace into the standalone output.
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), process.env.CAURI_DATA_DIR ?? ".data");
}

/**
 * The master secret: `CAURI_SECRET_KEY` (at least 32 characters; set it in production, the same
 * value on every instance), else a random one generated once into `<CAURI_DATA_DIR>/secret.key`
 * (mode 0600) so `npm run dev`, the ops CLI and the tests need no configuration. The file is
 * created with an atomic link, so processes starting together agree on one value.
 */
function masterSecret(): Buffer {
  if (master) return master;
  const configured = process.env.CAURI_SECRET_KEY;
  if (configured !== undefined && configured !== "") {
    if (configured.length < MIN_SECRET_LENGTH) throw new Error(`CAURI_SECRET_KEY must be at least ${MIN_SECRET_LENGTH} characters`);
    master = Buffer.from(configured, "utf8");
    return master;
  }
  const dir = dataDir();
  const file = path.join(dir, "secret.key");
  try {
    master = Buffer.from(readFileSync(file, "utf8").trim(), "utf8");
  } catch {
    mkdirSync(dir, { recursive: true });
    const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(temp, randomBytes(32).toString("base64url") + "\n", { mode: 0o600 });
    try {
      linkSync(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      unlinkSync(temp);
    }
    master = Buffer.from(readFileSync(file, "utf8").trim(), "utf8");
    if (process.env.NODE_ENV === "production") log("warn", "CAURI_SECRET_KEY is not set; using a generated key from the data directory", { file });
  }
  if (master.length < MIN_SECRET_LENGTH) throw new Error(`${file} holds a secret shorter than ${MIN_SECRET_LENGTH} characters`);
  return master;
}

/**
 * A 32-byte key for one purpose ("secure-orders.code-hmac", "secure-orders.code-aes", …),
 * derived from the master secret with HKDF-SHA256: each use gets its own key, and none of them
 * reveals the master or another purpose's key. Never log what this returns.
 */
export function serverKey(purpose: string): Buffer {
  let key = keyCache.get(purpose);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", masterSecret(), "cauri.server-key.v1", purpose, 32));
    keyCache.set(purpose, key);
  }
  return key;
}
