CREATE TABLE "api_request_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_request_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" text NOT NULL,
	"application_id" text NOT NULL,
	"mode" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"request_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "api_request_log_app_idx" ON "api_request_log" USING btree ("application_id","mode","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "api_request_log_created_idx" ON "api_request_log" USING btree ("created_at");