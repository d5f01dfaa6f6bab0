-- 1. ORDER BY created_at DESC means NULLS FIRST; the list indexes were built DESC NULLS LAST, so PostgreSQL
--    could not read them in list order and sorted the merchant's whole set for each page (a parallel seq
--    scan and a top-N sort over 100,000 payments). Rebuilt in the order the queries ask for. (Pre-release:
--    on a live database they would be built CONCURRENTLY before dropping the old ones.)
-- 2. Payment counters for pagination totals: an insert-only delta log kept by a trigger, folded into
--    payment_counts by a job (lib/payments/counts.ts).
CREATE TABLE "payment_count_deltas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_count_deltas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" text NOT NULL,
	"mode" text NOT NULL,
	"status" text NOT NULL,
	"delta" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_counts" (
	"merchant_id" text NOT NULL,
	"mode" text NOT NULL,
	"status" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "payment_counts_merchant_id_mode_status_pk" PRIMARY KEY("merchant_id","mode","status")
);
--> statement-breakpoint
DROP INDEX "api_request_log_app_idx";--> statement-breakpoint
DROP INDEX "payments_list_idx";--> statement-breakpoint
DROP INDEX "payments_status_list_idx";--> statement-breakpoint
DROP INDEX "withdrawals_list_idx";--> statement-breakpoint
DROP INDEX "withdrawals_status_list_idx";--> statement-breakpoint
DROP INDEX "partner_products_merchant_idx";--> statement-breakpoint
DROP INDEX "payment_links_list_idx";--> statement-breakpoint
DROP INDEX "billing_plans_list_idx";--> statement-breakpoint
DROP INDEX "customers_list_idx";--> statement-breakpoint
DROP INDEX "subscriptions_list_idx";--> statement-breakpoint
DROP INDEX "secure_orders_list_idx";--> statement-breakpoint
DROP INDEX "secure_orders_status_list_idx";--> statement-breakpoint
DROP INDEX "opr_requests_merchant_idx";--> statement-breakpoint
CREATE INDEX "payment_count_deltas_scope_idx" ON "payment_count_deltas" USING btree ("merchant_id","mode","status");--> statement-breakpoint
CREATE INDEX "api_request_log_app_idx" ON "api_request_log" USING btree ("application_id","mode","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payments_list_idx" ON "payments" USING btree ("merchant_id","mode","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payments_status_list_idx" ON "payments" USING btree ("merchant_id","mode","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "withdrawals_list_idx" ON "withdrawals" USING btree ("merchant_id","mode","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "withdrawals_status_list_idx" ON "withdrawals" USING btree ("merchant_id","mode","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "partner_products_merchant_idx" ON "partner_products" USING btree ("merchant_id","mode","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payment_links_list_idx" ON "payment_links" USING btree ("merchant_id","mode","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "billing_plans_list_idx" ON "billing_plans" USING btree ("merchant_id","mode","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "customers_list_idx" ON "customers" USING btree ("merchant_id","mode","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "subscriptions_list_idx" ON "subscriptions" USING btree ("merchant_id","mode","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "secure_orders_list_idx" ON "secure_orders" USING btree ("merchant_id","mode","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "secure_orders_status_list_idx" ON "secure_orders" USING btree ("merchant_id","mode","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "opr_requests_merchant_idx" ON "opr_requests" USING btree ("merchant_id","mode","created_at" DESC NULLS FIRST);--> statement-breakpoint
-- Kept by the database itself, so no writer of payments (app, job, ops CLI) can forget it. Insert-only:
-- the payment's transaction takes no lock on a shared counter row.
CREATE OR REPLACE FUNCTION payment_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD.merchant_id = NEW.merchant_id AND OLD.mode = NEW.mode THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO payment_count_deltas (merchant_id, mode, status, delta) VALUES (OLD.merchant_id, OLD.mode, OLD.status, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO payment_count_deltas (merchant_id, mode, status, delta) VALUES (NEW.merchant_id, NEW.mode, NEW.status, 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_counts_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE payment_counts, payment_count_deltas;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payment_counts_track AFTER INSERT OR UPDATE OF status, merchant_id, mode OR DELETE ON "payments" FOR EACH ROW EXECUTE FUNCTION payment_counts_track();
--> statement-breakpoint
CREATE TRIGGER payment_counts_reset AFTER TRUNCATE ON "payments" FOR EACH STATEMENT EXECUTE FUNCTION payment_counts_reset();
--> statement-breakpoint
INSERT INTO payment_counts (merchant_id, mode, status, n) SELECT merchant_id, mode, status, count(*) FROM payments GROUP BY merchant_id, mode, status;
