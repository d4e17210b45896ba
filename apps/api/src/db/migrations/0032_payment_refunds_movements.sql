CREATE TABLE "payment_refunds" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"provider_refund_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"booked_at" timestamp with time zone,
	"requested_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "payment_refunds_amount_positive" CHECK (amount > 0)
);
--> statement-breakpoint
CREATE TABLE "provider_movements" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"provider_object_id" text NOT NULL,
	"kind" text NOT NULL,
	"payment_intent_id" text,
	"charge_id" text,
	"amount" bigint NOT NULL,
	"amount_reversed" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"destination" text,
	"provider_created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_movements_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_fk" FOREIGN KEY ("tenant_id","payment_id") REFERENCES "public"."payments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_movements" ADD CONSTRAINT "provider_movements_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_provider_unique" ON "payment_refunds" USING btree ("tenant_id","provider_refund_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("tenant_id","payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_movements_object_unique" ON "provider_movements" USING btree ("tenant_id","provider_object_id");--> statement-breakpoint
CREATE INDEX "provider_movements_intent_idx" ON "provider_movements" USING btree ("tenant_id","payment_intent_id");--> statement-breakpoint
CREATE INDEX "provider_movements_charge_idx" ON "provider_movements" USING btree ("tenant_id","charge_id");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON payment_refunds TO app_user;
--> statement-breakpoint
SELECT enable_tenant_isolation('payment_refunds');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON provider_movements TO app_user;
--> statement-breakpoint
SELECT enable_tenant_isolation('provider_movements');
--> statement-breakpoint
-- The dashboard's receipts count what a payment kept: its amount less what the provider refunded.
CREATE OR REPLACE FUNCTION count_payment_on_dashboard(payment payments, in_sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF payment.status = 'completed' THEN
    PERFORM add_dashboard_total(payment.tenant_id, payment.business_id, CASE payment.direction WHEN 'received' THEN 'receipts' ELSE 'payments_made' END,
      payment.payment_date, payment.currency_id, payment.exchange_rate, in_sign, payment.amount - payment.refunded_amount, 0);
  END IF;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION track_payment_dashboard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.status, OLD.business_id, OLD.direction, OLD.payment_date, OLD.currency_id, OLD.exchange_rate, OLD.amount, OLD.refunded_amount)
     IS NOT DISTINCT FROM (NEW.status, NEW.business_id, NEW.direction, NEW.payment_date, NEW.currency_id, NEW.exchange_rate, NEW.amount, NEW.refunded_amount) THEN
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
DROP TRIGGER payments_track_dashboard ON payments;
--> statement-breakpoint
CREATE TRIGGER payments_track_dashboard AFTER INSERT OR DELETE OR UPDATE OF status, business_id, direction, payment_date, currency_id, exchange_rate, amount, refunded_amount ON payments
  FOR EACH ROW EXECUTE FUNCTION track_payment_dashboard();
