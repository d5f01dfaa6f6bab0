import { defineCodes } from "./define";

export const bookCodes = defineCodes({
  INVALID_REPORT_TYPE: {
    status: 400,
    message: "type must be one of payments, withdrawals, secure_orders, subscriptions, invoices, balance_transactions, refunds or statement.",
  },
  INVALID_REPORT_FORMAT: {
    status: 400,
    message: "format does not fit this report: exports are csv or xlsx, a statement is pdf.",
  },
  INVALID_REPORT_FILTER: {
    status: 400,
    message: "This filter does not apply to this report type: status applies to payments, withdrawals, secure_orders, subscriptions and refunds (with their own statuses), types to balance_transactions.",
  },
  REPORT_NOT_FOUND: { status: 404, message: "No report with this id for this key's merchant and mode." },
  REPORT_NOT_READY: { status: 409, message: "This report is not ready yet. Wait for the report.ready event or poll GET /v1/reports/{id} until status is READY." },
  REPORT_LINK_INVALID: {
    status: 403,
    message: "This download link is invalid or has expired (links work for one hour). GET /v1/reports/{id} gives a fresh download_url.",
  },
  REPORT_EXPIRED: { status: 410, message: "This report's file was deleted after its retention period. Ask for a new report with POST /v1/reports." },
});
