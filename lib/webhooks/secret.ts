import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { serverKey } from "@/lib/secrets";

const PURPOSE = "webhooks.endpoint-secret";

/**
 * A Standard Webhooks signing secret: `whsec_` + base64 of 32 random bytes (256 bits), the
 * form every Standard Webhooks library accepts as is; X-Service-Signature is keyed with the
 * same string, undecoded (./sign.ts).
 */
export const newSigningSecret = (): string => `whsec_${randomBytes(32).toString("base64")}`;

/** AES-256-GCM under a server key, bound to the endpoint id: the database never holds the secret in clear. */
export function sealSecret(endpointId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", serverKey(PURPOSE), iv);
  cipher.setAAD(Buffer.from(endpointId, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString("base64url")).join(".");
}

export function openSecret(endpointId: string, sealed: string): string {
  const [iv, tag, ciphertext] = sealed.split(".").map((p) => Buffer.from(p, "base64url"));
  const decipher = createDecipheriv("aes-256-gcm", serverKey(PURPOSE), iv);
  decipher.setAAD(Buffer.from(endpointId, "utf8"));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
}
