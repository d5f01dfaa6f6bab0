import { db } from "@/db/client";
import { handleOperatorCallback } from "@/lib/payments/operator-callback";

// Not a /v1 route: the operator calls it, signed (lib/payments/operator-callback.ts, docs/decisions/payments.md).
export const POST = (request: Request) => handleOperatorCallback(db(), request);
