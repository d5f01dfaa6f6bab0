import type { Database } from "@/db/client";
import type { Application, Merchant, Mode } from "@/db/schema";

/** Where a request came from; recorded on resources that the contract exposes it for (`_source`). */
export type Source = "api" | "dashboard" | "ops" | "job" | "public";

/**
 * What every merchant-scoped domain function receives. `now` is the merchant's clock for the
 * mode (the sandbox test clock applies in test mode), fixed at the start of the request.
 */
export type DomainContext = {
  db: Database;
  merchant: Merchant;
  application: Application;
  mode: Mode;
  now: Date;
  source: Source;
};
