import { z } from "zod";
import { publicBaseUrl } from "@/lib/config";
import { operatorEndpoint, operatorEnvNames, operatorTimeoutMs, type HttpAdapterName, type OperatorEndpoint } from "./config";
import { OperatorError, type CollectionOutcome, type OperatorAdapter } from "./port";

/**
 * The operator's collection API over HTTP, used by the `sandbox` adapter (its test environment)
 * and the `live` adapter (production); they differ only by base URL and credentials.
 *
 *   POST {base}/v1/collections            start a push; `Idempotency-Key: <our reference>`
 *   GET  {base}/v1/collections/{id}       state of a collection
 *   GET  {base}/v1/collections?reference= state by our reference (when initiation got no answer)
 *
 * Every answer is `{id, reference, status: PENDING|SUCCESS|FAILED, provider_ref, reason}`.
 * A refusal of the collection (declined, insufficient funds) is a 2xx with status FAILED; an
 * unreachable operator, a timeout, a 5xx, another 4xx or a body we cannot read throws an
 * OperatorError, so the payment stays PENDING with a readable status_reason.
 */
const collectionSchema = z.object({
  id: z.string().min(1).max(200),
  reference: z.string().optional(),
  status: z.enum(["PENDING", "SUCCESS", "FAILED"]),
  provider_ref: z.string().max(200).nullish(),
  reason: z.string().max(500).nullish(),
});

type Collection = z.infer<typeof collectionSchema>;

const LABEL: Record<HttpAdapterName, string> = { sandbox: "The operator's test environment", live: "The operator" };

export const callbackUrl = () => `${publicBaseUrl()}/api/operator/callback`;

function endpointOrThrow(name: HttpAdapterName): OperatorEndpoint {
  const endpoint = operatorEndpoint(name);
  if (!endpoint) {
    const env = operatorEnvNames(name);
    throw new OperatorError(`${LABEL[name]} is not configured on this service (${env.url} / ${env.key}).`, "not_configured");
  }
  return endpoint;
}

async function request(name: HttpAdapterName, path: string, init: { method: "GET" | "POST"; body?: unknown; headers?: Record<string, string> }): Promise<Collection> {
  const endpoint = endpointOrThrow(name);
  const timeout = operatorTimeoutMs();
  let response: Response;
  try {
    response = await fetch(`${endpoint.baseUrl}${path}`, {
      method: init.method,
      headers: {
        authorization: `Bearer ${endpoint.apiKey}`,
        accept: "application/json",
        ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
        ...init.headers,
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(timeout),
      redirect: "error",
    });
  } catch (error) {
    if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
      throw new OperatorError(`${LABEL[name]} did not answer within ${Math.round(timeout / 100) / 10} s.`, "timeout");
    }
    throw new OperatorError(`${LABEL[name]} could not be reached.`, "unreachable");
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new OperatorError(`${LABEL[name]} did not answer within ${Math.round(timeout / 100) / 10} s.`, "timeout");
  }
  if (response.status === 404) throw new OperatorError(`${LABEL[name]} does not know this collection.`, "not_found");
  if (!response.ok) throw new OperatorError(`${LABEL[name]} answered HTTP ${response.status}.`, "http_error");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new OperatorError(`${LABEL[name]} sent an answer that is not JSON.`, "invalid_response");
  }
  const result = collectionSchema.safeParse(parsed);
  if (!result.success) throw new OperatorError(`${LABEL[name]} sent an answer we could not read.`, "invalid_response");
  return result.data;
}

const outcomeOf = (c: Collection): CollectionOutcome => ({
  status: c.status,
  providerRef: c.provider_ref ?? null,
  ...(c.reason ? { reason: c.reason } : c.status === "PENDING" ? { reason: "Waiting for the customer to approve on their phone." } : {}),
});

export function httpOperatorAdapter(name: HttpAdapterName): OperatorAdapter {
  return {
    name,
    async initiateCollection(req) {
      const collection = await request(name, "/v1/collections", {
        method: "POST",
        headers: { "idempotency-key": req.reference },
        body: {
          reference: req.reference,
          amount: req.amount,
          currency: req.currency,
          msisdn: req.customerPhone,
          label: req.label,
          callback_url: callbackUrl(),
        },
      });
      if (collection.reference !== undefined && collection.reference !== req.reference) {
        throw new OperatorError(`${LABEL[name]} answered for another reference.`, "invalid_response");
      }
      return { ...outcomeOf(collection), sessionId: collection.id };
    },
    async queryCollection(sessionId, reference) {
      const path = sessionId ? `/v1/collections/${encodeURIComponent(sessionId)}` : `/v1/collections?reference=${encodeURIComponent(reference)}`;
      const collection = await request(name, path, { method: "GET" });
      if (collection.reference !== undefined && collection.reference !== reference) {
        throw new OperatorError(`${LABEL[name]} answered for another reference.`, "invalid_response");
      }
      return outcomeOf(collection);
    },
    async refund() {
      // Refunds go through support (the contract: POST /v1/refunds answers 503).
      throw new OperatorError("Online refunds are not available through the operator's API.", "not_configured");
    },
  };
}

export const sandboxAdapter = httpOperatorAdapter("sandbox");
export const liveAdapter = httpOperatorAdapter("live");
