CREATE TABLE "invoice_totals" (
	"tenant_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "invoice_totals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"status" text NOT NULL,
	"paid_status" text NOT NULL,
	"due_date" date,
	"currency_id" integer NOT NULL,
	"rated" boolean NOT NULL,
	"count" bigint NOT NULL,
	"total" numeric NOT NULL,
	"total_at_rate" numeric,
	"amount_paid" numeric NOT NULL,
	"amount_paid_at_rate" numeric,
	"due_amount" numeric NOT NULL,
	"due_amount_at_rate" numeric,
	"pending" boolean DEFAULT true NOT NULL,
	CONSTRAINT "invoice_totals_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "invoice_totals" ADD CONSTRAINT "invoice_totals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_totals" ADD CONSTRAINT "invoice_totals_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_totals_business_idx" ON "invoice_totals" USING btree ("tenant_id","business_id","direction","status");--> statement-breakpoint
CREATE INDEX "invoice_totals_pending_idx" ON "invoice_totals" USING btree ("tenant_id","business_id") WHERE pending;--> statement-breakpoint
GRANT SELECT, INSERT ON invoice_totals TO app_user;
--> statement-breakpoint
SELECT enable_tenant_isolation('invoice_totals');
--> statement-breakpoint
-- One signed row for one invoice's share of one side's figures. The due date is kept only while
-- the invoice is open (what the list's "due" and "overdue" add up), so closed invoices of every
-- day share one group. A business being deleted (cascading to its invoices) keeps no figures.
CREATE FUNCTION add_invoice_total(invoice invoices, in_business uuid, in_direction text, in_sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO invoice_totals (tenant_id, business_id, direction, status, paid_status, due_date, currency_id, rated,
    count, total, total_at_rate, amount_paid, amount_paid_at_rate, due_amount, due_amount_at_rate)
  SELECT invoice.tenant_id, in_business, in_direction, invoice.status, invoice.paid_status,
    CASE WHEN invoice.status NOT IN ('draft', 'void') AND invoice.paid_status <> 'paid' THEN invoice.due_date END,
    invoice.currency_id, invoice.exchange_rate IS NOT NULL, in_sign,
    in_sign * invoice.total, in_sign * invoice.total * invoice.exchange_rate,
    in_sign * invoice.amount_paid, in_sign * invoice.amount_paid * invoice.exchange_rate,
    in_sign * invoice.due_amount, in_sign * invoice.due_amount * invoice.exchange_rate
  WHERE EXISTS (SELECT 1 FROM businesses b WHERE b.tenant_id = invoice.tenant_id AND b.id = in_business);
$$;
--> statement-breakpoint
-- Outgoing for the issuer; incoming for the business it is addressed to once it is no draft.
CREATE FUNCTION count_invoice_totals(invoice invoices, in_sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_invoice_total(invoice, invoice.business_id, 'outgoing', in_sign);
  IF invoice.status <> 'draft' THEN
    PERFORM add_invoice_total(invoice, invoice.customer_business_id, 'incoming', in_sign);
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION track_invoice_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.status, OLD.paid_status, OLD.business_id, OLD.customer_business_id, OLD.due_date, OLD.currency_id, OLD.exchange_rate, OLD.total, OLD.amount_paid, OLD.due_amount)
     IS NOT DISTINCT FROM (NEW.status, NEW.paid_status, NEW.business_id, NEW.customer_business_id, NEW.due_date, NEW.currency_id, NEW.exchange_rate, NEW.total, NEW.amount_paid, NEW.due_amount) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM count_invoice_totals(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM count_invoice_totals(NEW, 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_track_totals AFTER INSERT OR DELETE OR UPDATE OF status, paid_status, business_id, customer_business_id, due_date, currency_id, exchange_rate, total, amount_paid, due_amount ON invoices
  FOR EACH ROW EXECUTE FUNCTION track_invoice_totals();
--> statement-breakpoint
-- Folds the rows of every group that has pending rows into one (groups that net to nothing go).
-- Rows appended meanwhile by other transactions are not in this statement's snapshot and stay
-- pending for the next run; the advisory lock keeps two runs from deleting the same rows.
CREATE FUNCTION compact_invoice_totals() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  folded integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('compact_invoice_totals')) THEN
    RETURN 0;
  END IF;
  WITH groups AS (
    SELECT DISTINCT tenant_id, business_id, direction, status, paid_status, due_date, currency_id, rated FROM invoice_totals WHERE pending
  ), moved AS (
    DELETE FROM invoice_totals t USING groups g
    WHERE t.tenant_id = g.tenant_id AND t.business_id = g.business_id AND t.direction = g.direction AND t.status = g.status AND t.paid_status = g.paid_status
      AND t.due_date IS NOT DISTINCT FROM g.due_date AND t.currency_id = g.currency_id AND t.rated = g.rated
    RETURNING t.*
  )
  INSERT INTO invoice_totals (tenant_id, business_id, direction, status, paid_status, due_date, currency_id, rated,
    count, total, total_at_rate, amount_paid, amount_paid_at_rate, due_amount, due_amount_at_rate, pending)
  SELECT tenant_id, business_id, direction, status, paid_status, due_date, currency_id, rated,
    sum(count), sum(total), sum(total_at_rate), sum(amount_paid), sum(amount_paid_at_rate), sum(due_amount), sum(due_amount_at_rate), false
  FROM moved
  GROUP BY tenant_id, business_id, direction, status, paid_status, due_date, currency_id, rated
  HAVING sum(count) <> 0 OR sum(total) <> 0 OR sum(amount_paid) <> 0 OR sum(due_amount) <> 0;
  GET DIAGNOSTICS folded = ROW_COUNT;
  RETURN folded;
END;
$$;
--> statement-breakpoint
-- Every group recomputed from the invoices, e.g. after loading rows with triggers off.
CREATE FUNCTION rebuild_invoice_totals() RETURNS void LANGUAGE sql AS $$
  DELETE FROM invoice_totals;
  INSERT INTO invoice_totals (tenant_id, business_id, direction, status, paid_status, due_date, currency_id, rated,
    count, total, total_at_rate, amount_paid, amount_paid_at_rate, due_amount, due_amount_at_rate, pending)
  SELECT i.tenant_id, side.business_id, side.direction, i.status, i.paid_status,
    CASE WHEN i.status NOT IN ('draft', 'void') AND i.paid_status <> 'paid' THEN i.due_date END,
    i.currency_id, i.exchange_rate IS NOT NULL, count(*), sum(i.total), sum(i.total * i.exchange_rate),
    sum(i.amount_paid), sum(i.amount_paid * i.exchange_rate), sum(i.due_amount), sum(i.due_amount * i.exchange_rate), false
  FROM invoices i
  CROSS JOIN LATERAL (VALUES (i.business_id, 'outgoing'), (i.customer_business_id, 'incoming')) AS side(business_id, direction)
  WHERE side.direction = 'outgoing' OR i.status <> 'draft'
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
$$;
--> statement-breakpoint
SELECT rebuild_invoice_totals();
