import { defineCodes } from "./define";

/** Sign-in security: password reset, e-mail verification, two-factor sign-in and the production gate (lib/auth). */
export const securityCodes = defineCodes({
  RESET_LINK_INVALID: {
    status: 400,
    message: "This password reset link has expired or was already used. Ask for a new one on the \"Forgot password\" page; a link works once, for 30 minutes.",
  },
  VERIFICATION_LINK_INVALID: {
    status: 400,
    message: "This verification link has expired or was already used. Sign in and ask for a new verification e-mail from the dashboard banner.",
  },
  EMAIL_ALREADY_VERIFIED: { status: 409, message: "This e-mail address is already verified; there is nothing to resend." },
  TWO_FACTOR_ALREADY_ENABLED: { status: 409, message: "Two-factor sign-in is already on for this account. Disable it first to enroll another authenticator app." },
  TWO_FACTOR_NOT_STARTED: { status: 409, message: "Start the enrollment first: no authenticator secret is waiting for confirmation on this account." },
  TWO_FACTOR_NOT_ENABLED: { status: 409, message: "Two-factor sign-in is off for this account: turn it on first." },
  INVALID_TWO_FACTOR_CODE: {
    status: 400,
    message: "This code is wrong or was already used. Enter the 6-digit code your authenticator app shows now (or one of your unused recovery codes).",
  },
  TWO_FACTOR_DISABLE_FORBIDDEN: {
    status: 409,
    message: "Two-factor sign-in cannot be turned off here: it is required for staff accounts and for the owners of a merchant in production. Regenerate your recovery codes or enroll a new app instead.",
  },
  TWO_FACTOR_ENROLLMENT_REQUIRED: {
    status: 403,
    message: "Staff accounts must turn on two-factor sign-in before using the ops console. Open /ops/security and enroll an authenticator app.",
  },
  EMAIL_NOT_VERIFIED: {
    status: 409,
    message: "Every owner of the account must verify their e-mail address before production access is opened. Click the link in the verification e-mail (the dashboard banner sends a new one).",
  },
  TWO_FACTOR_REQUIRED: {
    status: 409,
    message: "Every owner of the account must turn on two-factor sign-in before production access is opened. Enroll an authenticator app in Settings → Security.",
  },
  WRONG_PASSWORD: { status: 400, message: "The current password is wrong. Type it again." },
});
