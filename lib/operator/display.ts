import { readFileSync } from "node:fs";
import { log } from "@/lib/log";
import type { Locale } from "@/lib/i18n/locale";

/**
 * How the customer pages present the mobile-money operator (docs/configuration.md): its name, its
 * mark (an image file the deployer supplies), how to approve a payment from the operator's own
 * menu when the push does not arrive, and whether the operator pushes a collection again when it
 * is asked to. Read from the environment like lib/config.ts; the image once per process.
 */
export type OperatorDisplay = {
  name: string;
  /** The mark as a data: URI, small enough to travel inside the page; null when none is configured or it is unusable. */
  logo: string | null;
  help: string;
};

export const DEFAULT_OPERATOR_NAME = "Mobile money";

const DEFAULT_HELP: Record<Locale, string> = {
  fr: "Pas de message à l'écran ? Ouvrez le menu mobile money de votre opérateur et cherchez les paiements en attente d'approbation, puis validez la demande avec votre code secret.",
  en: "No message on the screen? Open your operator's mobile money menu and look for payments waiting for approval, then approve the request with your PIN.",
};

/** The mark travels inside every checkout page: past this size it would weigh on a slow phone's first load. */
export const OPERATOR_LOGO_MAX_BYTES = 16 * 1024;

/** The image types a browser shows without risk, recognised by their first bytes (never by the file name). SVG is refused: it can carry script. */
export function imageTypeOf(bytes: Uint8Array): "image/png" | "image/jpeg" | "image/webp" | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

let logoCache: { path: string; uri: string | null } | null = null;

/** The configured mark as a data: URI; a missing, oversized or unrecognised file is logged once and shown as no mark. */
function operatorLogo(): string | null {
  const path = process.env.OPERATOR_LOGO_PATH?.trim();
  if (!path) return null;
  if (logoCache?.path === path) return logoCache.uri;
  let uri: string | null = null;
  try {
    const bytes = readFileSync(path);
    const type = imageTypeOf(bytes);
    if (bytes.length > OPERATOR_LOGO_MAX_BYTES) log("warn", "OPERATOR_LOGO_PATH is too large; the pages show no operator mark", { bytes: bytes.length, max: OPERATOR_LOGO_MAX_BYTES });
    else if (!type) log("warn", "OPERATOR_LOGO_PATH is not a PNG, JPEG or WebP image; the pages show no operator mark", {});
    else uri = `data:${type};base64,${bytes.toString("base64")}`;
  } catch (error) {
    log("warn", "OPERATOR_LOGO_PATH cannot be read; the pages show no operator mark", { error: error instanceof Error ? error.message : String(error) });
  }
  logoCache = { path, uri };
  return uri;
}

const text = (name: string) => process.env[name]?.replace(/\s+/g, " ").trim() || null;

export function operatorDisplay(locale: Locale): OperatorDisplay {
  return {
    name: text("OPERATOR_NAME") ?? DEFAULT_OPERATOR_NAME,
    logo: operatorLogo(),
    help: text(locale === "fr" ? "OPERATOR_HELP_FR" : "OPERATOR_HELP_EN") ?? DEFAULT_HELP[locale],
  };
}

/**
 * Seconds between two pushes of the same payment to the customer's phone when they ask for it
 * again ("Renvoyer la demande"); 0 means the operator does not push a collection it already has
 * again, and no resend is offered. Default 60.
 */
export function operatorResendSeconds(): number {
  const raw = process.env.OPERATOR_RESEND_SECONDS?.trim();
  if (raw === undefined || raw === "") return 60;
  const v = Number(raw);
  return Number.isFinite(v) && v >= 0 ? Math.floor(v) : 60;
}
