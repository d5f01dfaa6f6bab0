import { commonCodes } from "./error-codes/common";
import type { ErrorSpec } from "./error-codes/define";
import { paymentCodes } from "./error-codes/payments";
import { accountCodes } from "./error-codes/accounts";
import { withdrawalCodes } from "./error-codes/withdrawals";
import { partnerCodes } from "./error-codes/partner";
import { secureOrderCodes } from "./error-codes/secure-orders";
import { linkCodes } from "./error-codes/links";
import { billingCodes } from "./error-codes/billing";
import { webhookCodes } from "./error-codes/webhooks";
import { oprCodes } from "./error-codes/opr";
import { securityCodes } from "./error-codes/security";
import { teamCodes } from "./error-codes/team";
import { notificationCodes } from "./error-codes/notifications";
import { bookCodes } from "./error-codes/books";
import { brandingCodes } from "./error-codes/branding";
import { smsCodes } from "./error-codes/sms";
import { invoiceCodes } from "./error-codes/invoices";
import { listenCodes } from "./error-codes/listen";
import { keyCodes } from "./error-codes/keys";
import { refundCodes } from "./error-codes/refunds";
import { reconciliationCodes } from "./error-codes/reconciliation";
import { figureCodes } from "./error-codes/figures";

/** The one error catalogue: code → HTTP status → default message. Areas keep their rows in error-codes/. */
export const errorCatalogue = {
  ...commonCodes,
  ...paymentCodes,
  ...accountCodes,
  ...withdrawalCodes,
  ...partnerCodes,
  ...secureOrderCodes,
  ...linkCodes,
  ...billingCodes,
  ...webhookCodes,
  ...oprCodes,
  ...securityCodes,
  ...teamCodes,
  ...notificationCodes,
  ...bookCodes,
  ...brandingCodes,
  ...smsCodes,
  ...invoiceCodes,
  ...listenCodes,
  ...keyCodes,
  ...refundCodes,
  ...reconciliationCodes,
  ...figureCodes,
} satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof errorCatalogue;

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly param?: string;
  readonly headers?: Record<string, string>;
  /** Every problem found, when one answer names several (each with its own code and field). */
  readonly details?: readonly ApiError[];

  constructor(code: ErrorCode, message?: string, options: { param?: string; headers?: Record<string, string>; details?: readonly ApiError[] } = {}) {
    super(message ?? errorCatalogue[code].message);
    this.code = code;
    this.status = errorCatalogue[code].status;
    this.param = options.param;
    this.headers = options.headers;
    this.details = options.details;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;
