CREATE TABLE "late_collections" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"merchant_id" text NOT NULL,
	"mode" text NOT NULL,
	"amount" integer NOT NULL,
	"payment_status" text NOT NULL,
	"provider_ref" text,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"resolution_note" text,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "secure_orders_requested_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "late_collections_payment_idx" ON "late_collections" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "late_collections_status_idx" ON "late_collections" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "late_collections_merchant_idx" ON "late_collections" USING btree ("merchant_id","mode","created_at");