import { randomBytes, randomInt } from "node:crypto";

const CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz";
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Random string over an alphabet, unbiased (rejection-free via randomInt). */
export function randomString(length: number, alphabet = BASE62): string {
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

let lastTime = -1;
let lastRandom = BigInt(0);
const RANDOM_MAX = (BigInt(1) << BigInt(80)) - BigInt(1);

/**
 * Prefixed id whose first 10 characters encode the creation time, so ids sort by creation
 * (cursor pagination such as `?after=evt_…` relies on it) and the rest carries 80 random bits.
 * Within one millisecond a process increments the random part instead of drawing a new one
 * (as ULIDs do), so ids it makes in a row also sort in the order they were made.
 */
export function newId(prefix: string, at: number = Date.now()): string {
  let time = "";
  let t = at;
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32] + time;
    t = Math.floor(t / 32);
  }
  let rand: bigint;
  if (at === lastTime && lastRandom < RANDOM_MAX) {
    rand = lastRandom + BigInt(1);
  } else {
    rand = BigInt(`0x${randomBytes(10).toString("hex")}`);
  }
  lastTime = at;
  lastRandom = rand;
  let tail = "";
  for (let i = 0; i < 16; i++) {
    tail = CROCKFORD[Number(rand & BigInt(31))] + tail;
    rand >>= BigInt(5);
  }
  return `${prefix}_${time}${tail}`;
}
