CREATE TABLE "payment_day_figures" (
	"merchant_id" text NOT NULL,
	"mode" text NOT NULL,
	"day" date NOT NULL,
	"purpose" text NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"confirm_seconds" integer NOT NULL,
	"n" bigint NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "payment_day_figures_pk" PRIMARY KEY("merchant_id","mode","day","purpose","status","reason","confirm_seconds")
);
--> statement-breakpoint
CREATE TABLE "payment_figure_deltas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_figure_deltas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" text NOT NULL,
	"mode" text NOT NULL,
	"day" date NOT NULL,
	"purpose" text NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"confirm_seconds" integer NOT NULL,
	"n" smallint NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payment_figure_deltas_scope_idx" ON "payment_figure_deltas" USING btree ("merchant_id","mode","day");--> statement-breakpoint
-- The figures page's sums (lib/figures/queries.ts), kept by the database itself like payment_counts
-- (0009), so no writer of payments can forget them. Insert-only: no lock on a shared row.
CREATE OR REPLACE FUNCTION payment_figures_key(p payments) RETURNS TABLE (day date, reason text, confirm_seconds integer) LANGUAGE sql IMMUTABLE AS $$
  SELECT (p.created_at AT TIME ZONE 'UTC')::date,
    CASE WHEN p.status IN ('FAILED', 'EXPIRED', 'CANCELLED') THEN coalesce(p.status_reason, '') ELSE '' END,
    CASE WHEN p.status = 'SUCCESS' AND p.initiated_at IS NOT NULL AND p.settled_at >= p.initiated_at
      THEN least(floor(extract(epoch FROM p.settled_at - p.initiated_at)), 86400)::integer ELSE -1 END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_figures_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o record;
  n record;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT * INTO o FROM payment_figures_key(OLD);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT * INTO n FROM payment_figures_key(NEW);
  END IF;
  -- Nested: PL/pgSQL does not short-circuit, and o and n are both set only on UPDATE.
  IF TG_OP = 'UPDATE' THEN
    IF OLD.merchant_id = NEW.merchant_id AND OLD.mode = NEW.mode AND OLD.purpose = NEW.purpose AND OLD.status = NEW.status
       AND OLD.amount = NEW.amount AND o.day = n.day AND o.reason = n.reason AND o.confirm_seconds = n.confirm_seconds THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO payment_figure_deltas (merchant_id, mode, day, purpose, status, reason, confirm_seconds, n, amount)
    VALUES (OLD.merchant_id, OLD.mode, o.day, OLD.purpose, OLD.status, o.reason, o.confirm_seconds, -1, -OLD.amount);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO payment_figure_deltas (merchant_id, mode, day, purpose, status, reason, confirm_seconds, n, amount)
    VALUES (NEW.merchant_id, NEW.mode, n.day, NEW.purpose, NEW.status, n.reason, n.confirm_seconds, 1, NEW.amount);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_figures_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE payment_day_figures, payment_figure_deltas;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payment_figures_track AFTER INSERT OR UPDATE OF merchant_id, mode, purpose, status, amount, status_reason, initiated_at, settled_at, created_at OR DELETE ON "payments"
  FOR EACH ROW EXECUTE FUNCTION payment_figures_track();
--> statement-breakpoint
CREATE TRIGGER payment_figures_reset AFTER TRUNCATE ON "payments" FOR EACH STATEMENT EXECUTE FUNCTION payment_figures_reset();
--> statement-breakpoint
INSERT INTO payment_day_figures (merchant_id, mode, day, purpose, status, reason, confirm_seconds, n, amount)
SELECT p.merchant_id, p.mode, k.day, p.purpose, p.status, k.reason, k.confirm_seconds, count(*), sum(p.amount)
FROM payments p, payment_figures_key(p) k
GROUP BY 1, 2, 3, 4, 5, 6, 7;
