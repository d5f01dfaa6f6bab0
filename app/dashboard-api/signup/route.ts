import { accountRoute } from "@/lib/http/account-route";
import { signUp, SignUpInput } from "@/lib/auth/signup";

// Sign-up: no session yet, so the Origin check and a per-IP limit guard it. The test key is in this answer only.
export const POST = accountRoute({ who: "anonymous", limit: "auth.signup", body: SignUpInput, status: 201 }, async (ctx, { body }) => {
  const created = await signUp(ctx.db, { email: body.email, password: body.password, businessName: body.business_name, locale: body.locale });
  return { merchant_id: created.merchantId, application_id: created.applicationId, test_key: created.testKey };
});
