CREATE TABLE "reconciliation_differences" (
	"id" text PRIMARY KEY NOT NULL,
	"statement_id" text NOT NULL,
	"kind" text NOT NULL,
	"line_id" text,
	"payment_id" text,
	"merchant_id" text,
	"operator_ref" text,
	"payment_ref" text,
	"operator_amount" integer,
	"our_amount" integer,
	"payment_status" text,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"resolution" text,
	"outcome" text,
	"late_collection_id" text,
	"resolution_note" text,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliation_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"statement_id" text NOT NULL,
	"line_no" integer NOT NULL,
	"operator_ref" text NOT NULL,
	"payment_ref" text,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliation_statements" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"day" date NOT NULL,
	"file_name" text,
	"content_hash" text NOT NULL,
	"line_count" integer NOT NULL,
	"imported_by" text NOT NULL,
	"imported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reconciliation_differences_statement_idx" ON "reconciliation_differences" USING btree ("statement_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_lines_operator_ref_idx" ON "reconciliation_lines" USING btree ("statement_id","operator_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_statements_day_idx" ON "reconciliation_statements" USING btree ("provider","day");