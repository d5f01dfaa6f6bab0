/**
 * The accent colour's readability rule (WCAG 2 contrast, docs/decisions/branding.md). The accent is
 * used as text and borders on the pages' background and as the fill of buttons and the initials
 * circle under white text, so it must reach 4.5:1 (WCAG AA for body text) against both.
 */
export const MIN_CONTRAST = 4.5;
/** `--color-canvas` in app/globals.css: the background of every public page. */
export const PAGE_BACKGROUND = "#f7f5ef";
export const WHITE = "#ffffff";

export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

const channel = (hex: string, at: number) => {
  const c = parseInt(hex.slice(at, at + 2), 16) / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** WCAG relative luminance of a `#rrggbb` colour. */
export function luminance(hex: string): number {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

/** WCAG contrast ratio between two `#rrggbb` colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** Ratios shown to people are cut, not rounded: 4.496 is "4.49", never a passing-looking "4.50". */
export const shownRatio = (ratio: number) => (Math.floor(ratio * 100) / 100).toFixed(2);

export type AccentVerdict = { readable: true; ratio: number } | { readable: false; ratio: number; against: "page" | "white_text" };

/** The accent's lowest contrast, against the page and under white text, and whether it is enough. */
export function judgeAccent(hex: string): AccentVerdict {
  const page = contrastRatio(hex, PAGE_BACKGROUND);
  const white = contrastRatio(hex, WHITE);
  const ratio = Math.min(page, white);
  if (ratio >= MIN_CONTRAST) return { readable: true, ratio };
  return { readable: false, ratio, against: page <= white ? "page" : "white_text" };
}
