import { defineCodes } from "./define";

/** The merchant's logo and accent colour (dashboard settings, docs/decisions/branding.md). */
export const brandingCodes = defineCodes({
  LOGO_NOT_IMAGE: { status: 400, message: "The logo must be a PNG or JPEG image; this file is neither (its content is checked, not its name). Export the logo as PNG or JPEG and upload it again." },
  LOGO_SVG_REFUSED: { status: 400, message: "SVG is not accepted; upload a PNG or JPEG." },
  LOGO_TOO_LARGE: { status: 400, message: "The logo file is too large: it must be 20 KB at most. Export it smaller (256 px wide is enough: pages show it 40 px high) or compress it." },
  LOGO_TOO_MANY_PIXELS: { status: 400, message: "The logo is too large: it must be 2048 × 2048 pixels at most. Resize it and upload it again." },
  INVALID_ACCENT_COLOR: { status: 400, message: "The accent colour must be written #RRGGBB, e.g. #0b6e4f." },
  ACCENT_CONTRAST_TOO_LOW: { status: 400, message: "The accent colour is not readable enough: it needs a contrast of at least 4.5:1 against the page and under white text. Choose a darker colour." },
});
