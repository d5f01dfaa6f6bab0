import { defineCodes } from "./define";

/** The daily reconciliation of our collections against the operator's statement (ops console). */
export const reconciliationCodes = defineCodes({
  INVALID_STATEMENT_DAY: { status: 400, message: "day must be a calendar date YYYY-MM-DD (Africa/Bamako, UTC+0), not in the future." },
  INVALID_STATEMENT_CSV: {
    status: 400,
    message: "The statement is not a valid CSV: header operator_reference,payment_reference,amount,status,timestamp, then one transaction a line. Each bad line is listed in details.",
  },
  STATEMENT_TOO_LARGE: { status: 413, message: "The statement is larger than 512 KiB or 10,000 lines. Split the day's file, or ask the operator for its settled transactions only." },
  STATEMENT_DAY_RESOLVED: { status: 409, message: "This day's statement already has resolved differences; it cannot be replaced. Resolve the rest, or record the error against it." },
  RECONCILIATION_DIFFERENCE_RESOLVED: { status: 409, message: "This difference is already resolved." },
  RESOLUTION_NOT_APPLICABLE: { status: 409, message: "Only a collection paid at the operator, for our amount, on one of our payments can be resolved as a late collection; resolve this one as an error." },
  INVALID_RESOLUTION: { status: 400, message: "resolution must be one of late_collection, error." },
  INVALID_RESOLUTION_NOTE: { status: 400, message: "note is required (3 to 500 characters): say why." },
});
