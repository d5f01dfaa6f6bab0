import bcrypt from "bcryptjs";

/** bcrypt work factor: about 250 ms per hash on our 2-core machine, slow enough to make guessing expensive. */
export const BCRYPT_COST = 12;

export const PASSWORD_MIN_LENGTH = 10;
/** bcrypt reads at most 72 bytes; a longer password would silently lose its tail, so it is refused instead. */
export const PASSWORD_MAX_BYTES = 72;

export function passwordProblem(password: string): "too_short" | "too_long" | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return "too_short";
  if (Buffer.byteLength(password, "utf8") > PASSWORD_MAX_BYTES) return "too_long";
  return null;
}

export const hashPassword = (password: string): Promise<string> => bcrypt.hash(password, BCRYPT_COST);

export const verifyPassword = (password: string, hash: string): Promise<boolean> => bcrypt.compare(password, hash);

// Compared against when the e-mail is unknown, so a wrong e-mail costs the same time as a wrong
// password and response times do not reveal which accounts exist.
let dummyHash: Promise<string> | null = null;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= bcrypt.hash("not-a-real-password-0000", BCRYPT_COST);
  await bcrypt.compare(password, await dummyHash);
}
