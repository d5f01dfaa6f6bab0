/** Starts the embedded background runner when Inngest is not configured (DESIGN.md, "Embedded default"). */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.CAURI_JOBS === "off") return;
  const { inngestConfigured, startEmbeddedRunner, startWorkers } = await import("./lib/jobs/runner");
  const { db } = await import("./db/client");
  // With Inngest, only the listener-style workers run here, handing work over (webhooks: within a second of commit).
  if (inngestConfigured()) return void startWorkers(db, "inngest");
  startEmbeddedRunner(db);
}
