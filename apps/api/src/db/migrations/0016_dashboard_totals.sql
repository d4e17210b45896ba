CREATE TABLE "dashboard_totals" (
	"tenant_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "dashboard_totals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_id" uuid NOT NULL,
	"figure" text NOT NULL,
	"month" date NOT NULL,
	"currency_id" integer NOT NULL,
	"rated" boolean NOT NULL,
	"count" bigint NOT NULL,
	"amount" numeric NOT NULL,
	"amount_at_rate" numeric,
	"due" numeric NOT NULL,
	"due_at_rate" numeric,
	"pending" boolean DEFAULT true NOT NULL,
	CONSTRAINT "dashboard_totals_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "dashboard_totals" ADD CONSTRAINT "dashboard_totals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_totals" ADD CONSTRAINT "dashboard_totals_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_totals_month_idx" ON "dashboard_totals" USING btree ("tenant_id","business_id","month");--> statement-breakpoint
CREATE INDEX "dashboard_totals_pending_idx" ON "dashboard_totals" USING btree ("tenant_id","business_id") WHERE pending;--> statement-breakpoint
GRANT SELECT, INSERT ON dashboard_totals TO app_user;
--> statement-breakpoint
SELECT enable_tenant_isolation('dashboard_totals');
--> statement-breakpoint
-- One signed row for one document's share of a figure. A business that no longer exists (its
-- tenant or itself being deleted, cascading to its documents) keeps no figures.
CREATE FUNCTION add_dashboard_total(in_tenant uuid, in_business uuid, in_figure text, in_day date, in_currency integer, in_rate numeric, in_sign integer, in_amount bigint, in_due bigint)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO dashboard_totals (tenant_id, business_id, figure, month, currency_id, rated, count, amount, amount_at_rate, due, due_at_rate)
  SELECT in_tenant, in_business, in_figure, date_trunc('month', in_day)::date, in_currency, in_rate IS NOT NULL,
         in_sign, in_sign * in_amount, in_sign * in_amount * in_rate, in_sign * in_due, in_sign * in_due * in_rate
  WHERE EXISTS (SELECT 1 FROM businesses b WHERE b.tenant_id = in_tenant AND b.id = in_business);
$$;
--> statement-breakpoint
-- Drafts are no sale yet and void invoices no longer: they only count as invoices ('unbilled').
-- A billed invoice is also a purchase of the business it is addressed to.
CREATE FUNCTION count_invoice_on_dashboard(invoice invoices, in_sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  billed boolean := invoice.status NOT IN ('draft', 'void');
BEGIN
  PERFORM add_dashboard_total(invoice.tenant_id, invoice.business_id, CASE WHEN billed THEN 'sales' ELSE 'unbilled' END,
    invoice.invoice_date, invoice.currency_id, invoice.exchange_rate, in_sign, invoice.total, invoice.due_amount);
  IF billed THEN
    PERFORM add_dashboard_total(invoice.tenant_id, invoice.customer_business_id, 'purchases',
      invoice.invoice_date, invoice.currency_id, NULL, in_sign, invoice.total, invoice.due_amount);
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION track_invoice_dashboard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.status, OLD.business_id, OLD.customer_business_id, OLD.invoice_date, OLD.currency_id, OLD.exchange_rate, OLD.total, OLD.due_amount)
     IS NOT DISTINCT FROM (NEW.status, NEW.business_id, NEW.customer_business_id, NEW.invoice_date, NEW.currency_id, NEW.exchange_rate, NEW.total, NEW.due_amount) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM count_invoice_on_dashboard(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM count_invoice_on_dashboard(NEW, 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_track_dashboard AFTER INSERT OR DELETE OR UPDATE OF status, business_id, customer_business_id, invoice_date, currency_id, exchange_rate, total, due_amount ON invoices
  FOR EACH ROW EXECUTE FUNCTION track_invoice_dashboard();
--> statement-breakpoint
-- Only completed payments are money that moved.
CREATE FUNCTION count_payment_on_dashboard(payment payments, in_sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF payment.status = 'completed' THEN
    PERFORM add_dashboard_total(payment.tenant_id, payment.business_id, CASE payment.direction WHEN 'received' THEN 'receipts' ELSE 'payments_made' END,
      payment.payment_date, payment.currency_id, payment.exchange_rate, in_sign, payment.amount, 0);
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION track_payment_dashboard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.status, OLD.business_id, OLD.direction, OLD.payment_date, OLD.currency_id, OLD.exchange_rate, OLD.amount)
     IS NOT DISTINCT FROM (NEW.status, NEW.business_id, NEW.direction, NEW.payment_date, NEW.currency_id, NEW.exchange_rate, NEW.amount) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM count_payment_on_dashboard(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM count_payment_on_dashboard(NEW, 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payments_track_dashboard AFTER INSERT OR DELETE OR UPDATE OF status, business_id, direction, payment_date, currency_id, exchange_rate, amount ON payments
  FOR EACH ROW EXECUTE FUNCTION track_payment_dashboard();
--> statement-breakpoint
CREATE FUNCTION track_estimate_dashboard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.business_id, OLD.estimate_date, OLD.currency_id) IS NOT DISTINCT FROM (NEW.business_id, NEW.estimate_date, NEW.currency_id) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM add_dashboard_total(OLD.tenant_id, OLD.business_id, 'estimates', OLD.estimate_date, OLD.currency_id, NULL, -1, 0, 0);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM add_dashboard_total(NEW.tenant_id, NEW.business_id, 'estimates', NEW.estimate_date, NEW.currency_id, NULL, 1, 0, 0);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER estimates_track_dashboard AFTER INSERT OR DELETE OR UPDATE OF business_id, estimate_date, currency_id ON estimates
  FOR EACH ROW EXECUTE FUNCTION track_estimate_dashboard();
--> statement-breakpoint
-- Folds the rows of every group that has pending rows into one (groups that net to nothing go).
-- Rows appended meanwhile by other transactions are not in this statement's snapshot and stay
-- pending for the next run; the advisory lock keeps two runs from deleting the same rows.
CREATE FUNCTION compact_dashboard_totals() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  folded integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('compact_dashboard_totals')) THEN
    RETURN 0;
  END IF;
  WITH groups AS (
    SELECT DISTINCT tenant_id, business_id, figure, month, currency_id, rated FROM dashboard_totals WHERE pending
  ), moved AS (
    DELETE FROM dashboard_totals d USING groups g
    WHERE d.tenant_id = g.tenant_id AND d.business_id = g.business_id AND d.figure = g.figure AND d.month = g.month AND d.currency_id = g.currency_id AND d.rated = g.rated
    RETURNING d.*
  )
  INSERT INTO dashboard_totals (tenant_id, business_id, figure, month, currency_id, rated, count, amount, amount_at_rate, due, due_at_rate, pending)
  SELECT tenant_id, business_id, figure, month, currency_id, rated, sum(count), sum(amount), sum(amount_at_rate), sum(due), sum(due_at_rate), false
  FROM moved
  GROUP BY tenant_id, business_id, figure, month, currency_id, rated
  HAVING sum(count) <> 0 OR sum(amount) <> 0 OR sum(due) <> 0;
  GET DIAGNOSTICS folded = ROW_COUNT;
  RETURN folded;
END;
$$;
--> statement-breakpoint
-- Every figure recomputed from the documents, e.g. after loading rows with triggers off.
CREATE FUNCTION rebuild_dashboard_totals() RETURNS void LANGUAGE sql AS $$
  DELETE FROM dashboard_totals;
  INSERT INTO dashboard_totals (tenant_id, business_id, figure, month, currency_id, rated, count, amount, amount_at_rate, due, due_at_rate, pending)
  SELECT tenant_id, business_id, CASE WHEN status IN ('draft', 'void') THEN 'unbilled' ELSE 'sales' END, date_trunc('month', invoice_date)::date, currency_id, exchange_rate IS NOT NULL,
         count(*), sum(total), sum(total * exchange_rate), sum(due_amount), sum(due_amount * exchange_rate), false
  FROM invoices GROUP BY 1, 2, 3, 4, 5, 6
  UNION ALL
  SELECT tenant_id, customer_business_id, 'purchases', date_trunc('month', invoice_date)::date, currency_id, false, count(*), sum(total), NULL, sum(due_amount), NULL, false
  FROM invoices WHERE status NOT IN ('draft', 'void') GROUP BY 1, 2, 3, 4, 5, 6
  UNION ALL
  SELECT tenant_id, business_id, CASE direction WHEN 'received' THEN 'receipts' ELSE 'payments_made' END, date_trunc('month', payment_date)::date, currency_id, exchange_rate IS NOT NULL,
         count(*), sum(amount), sum(amount * exchange_rate), 0, sum(0 * exchange_rate), false
  FROM payments WHERE status = 'completed' GROUP BY 1, 2, 3, 4, 5, 6
  UNION ALL
  SELECT tenant_id, business_id, 'estimates', date_trunc('month', estimate_date)::date, currency_id, false, count(*), 0, NULL, 0, NULL, false
  FROM estimates GROUP BY 1, 2, 3, 4, 5, 6;
$$;
--> statement-breakpoint
SELECT rebuild_dashboard_totals();
--> statement-breakpoint
-- The dashboard no longer sums invoices and payments itself: the covering indexes of 0014 would
-- only slow their writes.
DROP INDEX IF EXISTS invoices_dashboard_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS payments_dashboard_idx;
