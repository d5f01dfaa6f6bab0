import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { inngestFunctions } from "@/inngest/functions";
import { jobs } from "@/lib/jobs/registry";

// Inngest calls this endpoint to run functions' steps (only used when Inngest is configured).
export const { GET, POST, PUT } = serve({ client: inngest, functions: inngestFunctions(jobs) });
