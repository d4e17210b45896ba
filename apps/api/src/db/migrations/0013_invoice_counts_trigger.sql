GRANT SELECT, INSERT, UPDATE ON invoice_counts TO app_user;
--> statement-breakpoint
SELECT enable_tenant_isolation('invoice_counts');
--> statement-breakpoint
CREATE FUNCTION bump_invoice_count(tenant uuid, business uuid, side text, delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO invoice_counts (tenant_id, business_id, direction, count) VALUES (tenant, business, side, delta)
  ON CONFLICT (tenant_id, business_id, direction) DO UPDATE SET count = invoice_counts.count + EXCLUDED.count;
$$;
--> statement-breakpoint
CREATE FUNCTION track_invoice_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only the parties and leaving or entering draft change a count.
  IF TG_OP = 'UPDATE' AND OLD.business_id = NEW.business_id AND OLD.customer_business_id = NEW.customer_business_id
     AND (OLD.status = 'draft') = (NEW.status = 'draft') THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM bump_invoice_count(OLD.tenant_id, OLD.business_id, 'outgoing', -1);
    IF OLD.status <> 'draft' THEN
      PERFORM bump_invoice_count(OLD.tenant_id, OLD.customer_business_id, 'incoming', -1);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM bump_invoice_count(NEW.tenant_id, NEW.business_id, 'outgoing', 1);
    IF NEW.status <> 'draft' THEN
      PERFORM bump_invoice_count(NEW.tenant_id, NEW.customer_business_id, 'incoming', 1);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_track_counts AFTER INSERT OR DELETE OR UPDATE OF status, business_id, customer_business_id ON invoices
  FOR EACH ROW EXECUTE FUNCTION track_invoice_counts();
--> statement-breakpoint
INSERT INTO invoice_counts (tenant_id, business_id, direction, count)
SELECT tenant_id, business_id, 'outgoing', count(*) FROM invoices GROUP BY tenant_id, business_id
UNION ALL
SELECT tenant_id, customer_business_id, 'incoming', count(*) FROM invoices WHERE status <> 'draft' GROUP BY tenant_id, customer_business_id;
