CREATE TABLE "merchant_brands" (
	"merchant_id" text PRIMARY KEY NOT NULL,
	"logo" "bytea",
	"logo_type" text,
	"logo_hash" text,
	"logo_width" integer,
	"logo_height" integer,
	"accent" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant_brands" ADD CONSTRAINT "merchant_brands_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;