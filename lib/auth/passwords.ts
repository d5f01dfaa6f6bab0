import bcrypt from "bcryptjs";

/** bcrypt work factor: about 250 ms per hash on our 2-core machine, slow enough to make guessing expensive. */
export const BCRYPT_COST = 12;
/** The lowest work factor bcrypt accepts. */
export const BCRYPT_MIN_COST = 4;

/**
 * The work factor hashes are made with: BCRYPT_COST unless CAURI_PASSWORD_HASH_COST says otherwise.
 * Only the test runs set it (vitest.config.ts, scripts/e2e.ts): at cost 12 every sign-up and
 * sign-in of a test spends a quarter of a second in bcrypt, which made the auth tests the slowest.
 * Read on each hash so a test can check the production default.
 */
export function passwordHashCost(env: Record<string, string | undefined> = process.env): number {
  const asked = env.CAURI_PASSWORD_HASH_COST;
  if (asked === undefined || asked === "") return BCRYPT_COST;
  const n = Number(asked);
  if (!Number.isInteger(n) || n < BCRYPT_MIN_COST || n > 31) throw new Error(`CAURI_PASSWORD_HASH_COST must be a whole number from ${BCRYPT_MIN_COST} to 31, not ${asked}`);
  return n;
}

export const PASSWORD_MIN_LENGTH = 10;
/** bcrypt reads at most 72 bytes; a longer password would silently lose its tail, so it is refused instead. */
export const PASSWORD_MAX_BYTES = 72;

export function passwordProblem(password: string): "too_short" | "too_long" | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return "too_short";
  if (Buffer.byteLength(password, "utf8") > PASSWORD_MAX_BYTES) return "too_long";
  return null;
}

export const hashPassword = (password: string): Promise<string> => bcrypt.hash(password, passwordHashCost());

export const verifyPassword = (password: string, hash: string): Promise<boolean> => bcrypt.compare(password, hash);

// Compared against when the e-mail is unknown, so a wrong e-mail costs the same time as a wrong
// password and response times do not reveal which accounts exist.
let dummyHash: Promise<string> | null = null;
export async function burnPasswordCheck(password: string): Promise<void> {
  // Made at the configured cost, so an unknown e-mail costs what a known one does.
  dummyHash ??= bcrypt.hash("not-a-real-password-0000", passwordHashCost());
  await bcrypt.compare(password, await dummyHash);
}
