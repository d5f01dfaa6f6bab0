CREATE TABLE "invoice_activity" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_activity_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"invoice_id" text NOT NULL,
	"kind" text NOT NULL,
	"channel" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"invoice_id" text NOT NULL,
	"day_offset" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoice_reminders_invoice_id_day_offset_pk" PRIMARY KEY("invoice_id","day_offset")
);
--> statement-breakpoint
CREATE TABLE "invoice_sequences" (
	"merchant_id" text NOT NULL,
	"mode" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "invoice_sequences_merchant_id_mode_year_pk" PRIMARY KEY("merchant_id","mode","year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"application_id" text NOT NULL,
	"mode" text NOT NULL,
	"status" text NOT NULL,
	"number" text,
	"token" text NOT NULL,
	"customer_phone" text NOT NULL,
	"customer_name" text,
	"customer_email" text,
	"lines" jsonb NOT NULL,
	"total" bigint NOT NULL,
	"currency" text DEFAULT 'XOF' NOT NULL,
	"due_date" date,
	"notes" text,
	"locale" text DEFAULT 'fr' NOT NULL,
	"reminder_days" integer[] NOT NULL,
	"client_reference" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sent_channels" text[] DEFAULT '{}'::text[] NOT NULL,
	"send_count" integer DEFAULT 0 NOT NULL,
	"first_sent_at" timestamp with time zone,
	"next_reminder_on" date,
	"payment_id" text,
	"finalized_at" timestamp with time zone,
	"overdue_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"last_viewed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('DRAFT', 'OPEN', 'PAID', 'VOID')),
	CONSTRAINT "invoices_number_when_final" CHECK (("invoices"."status" = 'DRAFT') = ("invoices"."number" is null))
);
--> statement-breakpoint
CREATE INDEX "invoice_activity_invoice_idx" ON "invoice_activity" USING btree ("invoice_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_token_idx" ON "invoices" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_idx" ON "invoices" USING btree ("merchant_id","mode","number") WHERE number is not null;--> statement-breakpoint
CREATE INDEX "invoices_list_idx" ON "invoices" USING btree ("merchant_id","mode","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoices_customer_phone_idx" ON "invoices" USING btree ("merchant_id","mode","customer_phone");--> statement-breakpoint
CREATE INDEX "invoices_overdue_due_idx" ON "invoices" USING btree ("due_date") WHERE status = 'OPEN' and overdue_at is null;--> statement-breakpoint
CREATE INDEX "invoices_reminder_due_idx" ON "invoices" USING btree ("next_reminder_on") WHERE status = 'OPEN' and next_reminder_on is not null;--> statement-breakpoint
CREATE INDEX "sms_outbox_to_idx" ON "sms_outbox" USING btree ("to","created_at");