CREATE TABLE "payment_checks" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"merchant_id" text NOT NULL,
	"mode" text NOT NULL,
	"kind" text NOT NULL,
	"operator_status" text,
	"reason" text,
	"error" text,
	"action" text,
	"slot" smallint,
	"at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "refund_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"application_id" text NOT NULL,
	"mode" text NOT NULL,
	"payment_id" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"customer_phone" text NOT NULL,
	"requested_by" text NOT NULL,
	"staff_note" text,
	"operator_reference" text,
	"approved_at" timestamp with time zone,
	"approved_by" text,
	"executed_at" timestamp with time zone,
	"executed_by" text,
	"refused_at" timestamp with time zone,
	"refused_by" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "permissions" jsonb;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "withdrawal_approval_threshold" integer;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "approval_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "requested_by" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "team_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "team_decided_by" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "team_refusal_reason" text;--> statement-breakpoint
CREATE INDEX "payment_checks_payment_idx" ON "payment_checks" USING btree ("payment_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_checks_slot_idx" ON "payment_checks" USING btree ("payment_id","kind","slot") WHERE slot is not null;--> statement-breakpoint
CREATE INDEX "refund_requests_list_idx" ON "refund_requests" USING btree ("merchant_id","mode","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "refund_requests_payment_idx" ON "refund_requests" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refund_requests_queue_idx" ON "refund_requests" USING btree ("status","created_at");