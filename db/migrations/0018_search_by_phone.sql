CREATE INDEX "payments_customer_phone_idx" ON "payments" USING btree ("merchant_id","mode","customer_phone");--> statement-breakpoint
CREATE INDEX "withdrawals_phone_idx" ON "withdrawals" USING btree ("merchant_id","mode","phone_number");--> statement-breakpoint
CREATE INDEX "secure_orders_customer_phone_idx" ON "secure_orders" USING btree ("merchant_id","mode","customer_phone");