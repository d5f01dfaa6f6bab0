CREATE TABLE "opr_requests" (
	"token" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"application_id" text NOT NULL,
	"mode" text NOT NULL,
	"payment_id" text NOT NULL,
	"status" text NOT NULL,
	"otp_salt" text NOT NULL,
	"otp_hash" text NOT NULL,
	"attempts_remaining" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opr_sandbox_messages" (
	"token" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"to_phone" text NOT NULL,
	"otp" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "opr_requests_merchant_idx" ON "opr_requests" USING btree ("merchant_id","mode","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "opr_requests_payment_idx" ON "opr_requests" USING btree ("payment_id");