import { z } from "zod";
import { input } from "@/lib/core/validation";

/** A code from the authenticator app (6 digits) or, where accepted, a recovery code. */
export const TwoFactorCodeInput = input(z.object({ code: z.string().max(64) }), { code: "INVALID_TWO_FACTOR_CODE" });
/** Turning two-factor off: the password and a code. */
export const DisableTwoFactorInput = input(z.object({ password: z.string().max(1024), code: z.string().max(64) }), { password: "WRONG_PASSWORD", code: "INVALID_TWO_FACTOR_CODE" });
