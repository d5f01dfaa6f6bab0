import { defineCodes } from "./define";

/** Dashboard and ops-console accounts, their requests to staff, and the browser-side handlers (app/dashboard-api, app/ops-api). */
export const accountCodes = defineCodes({
  SESSION_REQUIRED: { status: 401, message: "Sign in to the dashboard first: this request has no valid session." },
  CSRF_REJECTED: { status: 403, message: "This request did not come from the dashboard's own pages (its Origin header is missing or belongs to another site). Reload the page and try again." },
  EMAIL_TAKEN: { status: 409, message: "An account already uses this e-mail address. Sign in instead, or use another address." },
  INVALID_PASSWORD: { status: 400, message: "The password must be at least 10 characters and at most 72 bytes long." },
  INVALID_BUSINESS_NAME: { status: 400, message: "The business name must be 2 to 80 characters: it is shown to customers on their phone." },
  INVALID_APPLICATION_NAME: { status: 400, message: "The application name must be 1 to 60 characters." },
  INVALID_PLATFORM_PLAN: { status: 400, message: "plan must be one of starter, pro, business." },
  INVALID_KYC_SUBMISSION: { status: 400, message: "A KYC field is missing or invalid; the field is named in `param`." },
  KYC_ALREADY_APPROVED: { status: 409, message: "Your KYC is already approved; there is nothing to submit." },
  KYC_REQUIRED_FOR_PRODUCTION: { status: 409, message: "Production access needs an approved KYC. Submit your business details in Settings first." },
  PRODUCTION_ALREADY_ENABLED: { status: 409, message: "Production access is already opened for this account." },
  PLATFORM_PLAN_ALREADY_ACTIVE: { status: 409, message: "This platform plan is already active for your account." },
  PRODUCTION_ACCESS_REQUIRED: { status: 409, message: "Live keys can be created once production access is opened. Request it in Settings." },
  REQUEST_ALREADY_DECIDED: { status: 409, message: "This request was already approved or rejected." },
  INVALID_REASON: { status: 400, message: "A reason of 3 to 500 characters is required." },
  REQUEST_LOG_ENTRY_NOT_FOUND: { status: 404, message: "No request with this id in the last 24 hours of this application's log in this mode. The log keeps 24 hours; pick a request from the list." },
  INVALID_STATUS_FILTER: { status: 400, message: "status must be 2xx, 4xx, 5xx or one HTTP status from 100 to 599 (e.g. 404)." },
});
