import { handleOperatorCallback } from "@/lib/http/operator-callback";

// Not a /v1 route: the operator calls it, signed (lib/http/operator-callback.ts, lib/payments/operator-callback.ts, README "Payments").
export const POST = handleOperatorCallback;
