import { defineCodes } from "./define";

/** The dashboard's figures page (lib/figures). */
export const figureCodes = defineCodes({
  INVALID_PERIOD: { status: 400, message: "period must be 7, 30 or 90 (days)." },
});
