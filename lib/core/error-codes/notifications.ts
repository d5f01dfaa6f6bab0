import { defineCodes } from "./define";

/** The notification settings of a merchant's member (lib/notifications). */
export const notificationCodes = defineCodes({
  INVALID_NOTIFICATION_KIND: {
    status: 400,
    message: "opt_outs must be a list of notification kinds: withdrawal_updates, webhook_failing, dispute_opened, production_opened, weekly_summary.",
  },
});
