CREATE TABLE "report_chunks" (
	"report_id" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "report_chunks_report_id_seq_pk" PRIMARY KEY("report_id","seq")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"application_id" text NOT NULL,
	"mode" text NOT NULL,
	"type" text NOT NULL,
	"format" text NOT NULL,
	"params" jsonb NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"row_count" integer,
	"byte_size" integer,
	"sha256" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claim_token" text,
	"claimed_until" timestamp with time zone,
	"failure_reason" text,
	"requested_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('PENDING', 'READY', 'FAILED')),
	CONSTRAINT "reports_format_check" CHECK ("reports"."format" in ('csv', 'xlsx', 'pdf'))
);
--> statement-breakpoint
ALTER TABLE "report_chunks" ADD CONSTRAINT "report_chunks_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_list_idx" ON "reports" USING btree ("merchant_id","mode","created_at");--> statement-breakpoint
CREATE INDEX "reports_pending_idx" ON "reports" USING btree ("created_at") WHERE status = 'PENDING';