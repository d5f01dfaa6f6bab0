CREATE TABLE "withdrawals" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"application_id" text NOT NULL,
	"mode" text NOT NULL,
	"reference" text NOT NULL,
	"amount" integer NOT NULL,
	"fee" integer NOT NULL,
	"net_amount" integer NOT NULL,
	"currency" text DEFAULT 'XOF' NOT NULL,
	"status" text NOT NULL,
	"provider" text DEFAULT 'OPERATOR_MONEY' NOT NULL,
	"phone_number" text NOT NULL,
	"notes" text,
	"source" text NOT NULL,
	"operator_reference" text,
	"rejection_reason" text,
	"approved_at" timestamp with time zone,
	"approved_by" text,
	"completed_at" timestamp with time zone,
	"completed_by" text,
	"rejected_at" timestamp with time zone,
	"rejected_by" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_products" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"mode" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price" integer NOT NULL,
	"currency" text DEFAULT 'XOF' NOT NULL,
	"image_url" text,
	"status" text NOT NULL,
	"review_note" text,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_royalties" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"mode" text NOT NULL,
	"month" text NOT NULL,
	"sales_count" integer NOT NULL,
	"sales_volume" integer NOT NULL,
	"rate_bps" integer NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'XOF' NOT NULL,
	"journal_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_reference_idx" ON "withdrawals" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "withdrawals_list_idx" ON "withdrawals" USING btree ("merchant_id","mode","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "withdrawals_status_list_idx" ON "withdrawals" USING btree ("merchant_id","mode","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "withdrawals_queue_idx" ON "withdrawals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "partner_products_merchant_idx" ON "partner_products" USING btree ("merchant_id","mode","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "partner_products_status_idx" ON "partner_products" USING btree ("mode","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_royalties_month_idx" ON "partner_royalties" USING btree ("merchant_id","mode","month");