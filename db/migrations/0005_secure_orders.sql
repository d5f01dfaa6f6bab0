CREATE TABLE "secure_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"application_id" text NOT NULL,
	"mode" text NOT NULL,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'XOF' NOT NULL,
	"fee_total" integer NOT NULL,
	"amount_merchant_net" integer,
	"description" text NOT NULL,
	"customer_phone" text NOT NULL,
	"customer_name" text,
	"client_reference" text,
	"delivery_window_hours" integer NOT NULL,
	"payment_intent_id" text,
	"payment_status" text,
	"buyer_token" text NOT NULL,
	"courier_token" text NOT NULL,
	"code_hash" text,
	"code_ciphertext" text,
	"code_attempts_remaining" integer DEFAULT 5 NOT NULL,
	"code_locked" boolean DEFAULT false NOT NULL,
	"pay_before" timestamp with time zone NOT NULL,
	"delivery_deadline" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"refund_provider_ref" text,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"disputed_at" timestamp with time zone,
	"dispute_reason" text,
	"dispute_resolution" text,
	"dispute_resolved_at" timestamp with time zone,
	"dispute_resolved_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "secure_orders_attempts_range" CHECK ("secure_orders"."code_attempts_remaining" between 0 and 5),
	CONSTRAINT "secure_orders_tokens_distinct" CHECK ("secure_orders"."buyer_token" <> "secure_orders"."courier_token")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "secure_orders_reference_idx" ON "secure_orders" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "secure_orders_buyer_token_idx" ON "secure_orders" USING btree ("buyer_token");--> statement-breakpoint
CREATE UNIQUE INDEX "secure_orders_courier_token_idx" ON "secure_orders" USING btree ("courier_token");--> statement-breakpoint
CREATE INDEX "secure_orders_list_idx" ON "secure_orders" USING btree ("merchant_id","mode","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "secure_orders_status_list_idx" ON "secure_orders" USING btree ("merchant_id","mode","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "secure_orders_client_ref_idx" ON "secure_orders" USING btree ("merchant_id","mode","client_reference");--> statement-breakpoint
CREATE INDEX "secure_orders_unpaid_due_idx" ON "secure_orders" USING btree ("pay_before") WHERE status = 'CREATED';--> statement-breakpoint
CREATE INDEX "secure_orders_held_due_idx" ON "secure_orders" USING btree ("delivery_deadline") WHERE status = 'PAID_HELD';--> statement-breakpoint
CREATE INDEX "secure_orders_disputed_idx" ON "secure_orders" USING btree ("disputed_at") WHERE status = 'DISPUTED';