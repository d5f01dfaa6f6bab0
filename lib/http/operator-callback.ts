import { randomUUID } from "node:crypto";
import { db } from "@/db/client";
import { log } from "@/lib/log";
import { OPERATOR_SIGNATURE_HEADER } from "@/lib/operator/signature";
import { applyOperatorCallback } from "@/lib/payments/operator-callback";
import { errorResponse, json, successBody } from "./envelope";
import { toApiError } from "./pipeline";

/**
 * POST /api/operator/callback, not a /v1 route: the operator calls it, signed. The raw body and
 * its signature go to applyOperatorCallback (lib/payments/operator-callback.ts), which checks and
 * applies them; its result is answered 200 in the success envelope, a refusal in the error one,
 * both with the request id.
 */
export async function handleOperatorCallback(request: Request): Promise<Response> {
  const requestId = request.headers.get("x-request-id")?.slice(0, 64) || randomUUID();
  const headers = { "X-Request-Id": requestId };
  try {
    const raw = await request.text();
    const result = await applyOperatorCallback(db(), raw, request.headers.get(OPERATOR_SIGNATURE_HEADER), requestId);
    return json(successBody(result), 200, headers);
  } catch (error) {
    const apiError = toApiError(error, requestId);
    log("info", "operator callback refused", { request_id: requestId, code: apiError.code });
    return errorResponse(apiError, headers);
  }
}
