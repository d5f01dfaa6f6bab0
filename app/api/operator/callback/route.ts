import { db } from "@/db/client";
import { handleOperatorCallback } from "@/lib/payments/operator-callback";

// Not a /v1 route: the operator calls it, signed (lib/payments/operator-callback.ts, README "Payments").
export const POST = (request: Request) => handleOperatorCallback(db(), request);
