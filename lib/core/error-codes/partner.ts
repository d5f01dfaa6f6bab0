import { defineCodes } from "./define";

/** The partner program: product catalogue, payment items, withdrawals of partner merchants. */
export const partnerCodes = defineCodes({
  PARTNER_WITHDRAWAL_CLOSED: { status: 403, message: "Partner-program merchants cannot request withdrawals: the service pays your royalty monthly." },
  PARTNER_PROGRAM_NOT_ENABLED: { status: 403, message: "This account is not in the partner program. Contact support to join it before proposing products or sending items." },
  PARTNER_ITEMS_INVALID: { status: 400, message: "items must be a non-empty array (at most 50) of {product_id: string, quantity: integer 1 to 1000}." },
  PARTNER_PRODUCT_REQUIRED: { status: 400, message: "Partner-program merchants must send items: [{product_id, quantity}] with every payment." },
  PARTNER_PRODUCT_NOT_FOUND: { status: 400, message: "An item's product_id is not in your partner catalogue. List it with GET /v1/merchants/partner-products." },
  PARTNER_PRODUCT_NOT_APPROVED: { status: 400, message: "An item's product has not been approved (or was archived); only APPROVED products can be sold." },
  PARTNER_AMOUNT_MISMATCH: { status: 400, message: "amount must equal the sum of the items' validated price × quantity." },
  PARTNER_PRODUCT_ARCHIVED: { status: 409, message: "This product is archived and can no longer be changed. Propose a new product instead." },
  PARTNER_PRODUCT_NOT_PENDING: { status: 409, message: "Only a product in PENDING_REVIEW can be approved or rejected." },
  PARTNER_PRODUCT_CHANGED: { status: 409, message: "The merchant changed this product after you opened it. Reload it and review the new version." },
  INVALID_PRICE: { status: 400, message: "price must be an integer number of XOF between 100 and 5,000,000." },
  INVALID_IMAGE_URL: { status: 400, message: "image_url must be an HTTPS URL of at most 2048 characters." },
  NOTHING_TO_UPDATE: { status: 400, message: "Send at least one of name, description, price or image_url." },
});
