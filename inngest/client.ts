import { Inngest } from "inngest";

/**
 * The Inngest client (SDK v4). Used when INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY are set
 * (lib/jobs/runner.ts `inngestConfigured`); otherwise the embedded runner does the same work
 * in the app process. For a local Inngest dev server, set INNGEST_DEV=1.
 */
export const inngest = new Inngest({ id: "cauri" });
