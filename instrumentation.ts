/**
 * Starts this process's background work (docs/architecture.md, "Background work"): the job list
 * of lib/jobs/registry.ts handed to the embedded runner, or, with Inngest configured, only the
 * listener-style workers, handing what they find to Inngest.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.CAURI_JOBS === "off") return;
  const { inngestConfigured, startEmbeddedRunner, startWorkers } = await import("./lib/jobs/runner");
  const { jobs, workers } = await import("./lib/jobs/registry");
  const { db } = await import("./db/client");
  if (inngestConfigured()) {
    const { inngestHandOffs } = await import("./inngest/functions/deliver-webhook");
    return void startWorkers(db, workers, inngestHandOffs);
  }
  startEmbeddedRunner(db, { jobs, workers });
}
