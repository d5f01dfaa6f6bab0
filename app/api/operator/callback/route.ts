import { handleOperatorCallback } from "@/lib/http/operator-callback";

// Not a /v1 route: the operator calls it, signed (lib/http/operator-callback.ts, lib/payments/operator-callback.ts, docs/decisions/payments.md).
export const POST = handleOperatorCallback;
