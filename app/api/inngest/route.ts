import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { inngestFunctions } from "@/inngest/functions";
import { ApiError } from "@/lib/core/errors";
import { errorResponse } from "@/lib/http/envelope";
import { jobs } from "@/lib/jobs/registry";
import { inngestConfigured } from "@/lib/jobs/runner";

type Handler = (request: Request, context: unknown) => Promise<Response>;
const inngestHandlers = serve({ client: inngest, functions: inngestFunctions(jobs) }) as unknown as Record<"GET" | "POST" | "PUT", Handler>;

/**
 * Inngest calls this endpoint to run functions' steps. Without its keys (the default: the embedded
 * runner does the work) nobody may call it, and the SDK would answer every caller a 500 for the
 * missing signing key: the route does not exist then.
 */
const onlyWhenConfigured =
  (method: "GET" | "POST" | "PUT"): Handler =>
  (request, context) => {
    if (inngestConfigured() || process.env.INNGEST_DEV) return inngestHandlers[method](request, context);
    return Promise.resolve(errorResponse(new ApiError("NOT_FOUND", "Inngest is not configured on this server (INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY unset): background work runs in the app process.")));
  };

export const GET = onlyWhenConfigured("GET");
export const POST = onlyWhenConfigured("POST");
export const PUT = onlyWhenConfigured("PUT");
