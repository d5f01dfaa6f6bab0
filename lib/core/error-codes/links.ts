import { defineCodes } from "./define";

export const linkCodes = defineCodes({
  LINK_NOT_FOUND: { status: 404, message: "No payment link with this id or slug for this key's merchant and mode." },
  LINK_ARCHIVED: { status: 410, message: "This payment link was deleted; it no longer accepts payments. Ask the merchant for a new link." },
  LINK_INACTIVE: { status: 409, message: "This payment link is deactivated and does not accept payments right now. Activate it with PATCH /v1/payment-links/{id}/activate." },
  LINK_UNAVAILABLE: { status: 403, message: "The merchant behind this link cannot accept payments in this mode right now." },
  INVALID_LINK_MODE: { status: 400, message: "mode must be FIXED (one price, `amount`) or OPEN (the customer chooses between `min_amount` and `max_amount`)." },
  INVALID_AMOUNT_RANGE: { status: 400, message: "An OPEN link needs min_amount and max_amount, both integers between 100 and 5,000,000 XOF, with min_amount ≤ max_amount." },
  LINK_NOT_OPEN: { status: 400, message: "min_amount and max_amount apply to OPEN links only; a FIXED link has one `amount`." },
  LINK_MODE_IMMUTABLE: { status: 400, message: "A link's mode cannot change after creation. Create a new link instead." },
  LINK_PRICE_IMMUTABLE: { status: 400, message: "A FIXED link's price cannot change after creation. Create a new link (and deactivate this one) instead." },
  INVALID_SLUG: { status: 400, message: "slug must be 3 to 64 characters of lowercase letters, digits and hyphens (a-z, 0-9, -), not starting or ending with a hyphen." },
  SLUG_TAKEN: { status: 409, message: "This slug is already used by another payment link (slugs are never reused, even after deletion). Choose another, or omit it for a random one." },
  INVALID_REDIRECT_URL: { status: 400, message: "success_redirect_url must be an HTTPS URL outside the service's own domains." },
  AMOUNT_OUT_OF_RANGE: { status: 400, message: "amount must be an integer within this link's bounds (min_amount to max_amount)." },
  INVALID_QR_FORMAT: { status: 400, message: "format must be json (default), png or svg." },
  INVALID_QR_SIZE: { status: 400, message: "size must be an integer number of pixels between 128 and 1024 (default 512)." },
});
