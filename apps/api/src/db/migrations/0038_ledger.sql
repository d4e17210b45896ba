CREATE TABLE "ledger_accounts" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"business_id" uuid,
	"owner_type" text NOT NULL,
	"owner_id" uuid,
	"code" text NOT NULL,
	"currency" text NOT NULL,
	"normal_balance" text NOT NULL,
	"no_negative" boolean DEFAULT false NOT NULL,
	"debits_posted" bigint DEFAULT 0 NOT NULL,
	"credits_posted" bigint DEFAULT 0 NOT NULL,
	"debits_pending" bigint DEFAULT 0 NOT NULL,
	"credits_pending" bigint DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "ledger_accounts_currency_key" UNIQUE("tenant_id","id","currency"),
	CONSTRAINT "ledger_accounts_owner_code_unique" UNIQUE NULLS NOT DISTINCT("tenant_id","owner_type","owner_id","code","currency"),
	CONSTRAINT "ledger_accounts_totals_not_negative" CHECK (debits_posted >= 0 AND credits_posted >= 0 AND debits_pending >= 0 AND credits_pending >= 0),
	CONSTRAINT "ledger_accounts_no_negative" CHECK (NOT no_negative OR CASE normal_balance WHEN 'debit' THEN credits_posted + credits_pending <= debits_posted ELSE debits_posted + debits_pending <= credits_posted END)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"tenant_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transaction_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"account_version" bigint DEFAULT 0 NOT NULL,
	"running_balance" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "ledger_entries_amount_not_zero" CHECK (amount <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"effective_date" date NOT NULL,
	"business_id" uuid,
	"subject_type" text,
	"subject_id" uuid,
	"description" text,
	"created_txid" bigint DEFAULT txid_current() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	CONSTRAINT "ledger_transactions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "ledger_transactions_external_unique" UNIQUE("tenant_id","external_id"),
	CONSTRAINT "ledger_transactions_status_check" CHECK (status IN ('pending', 'posted', 'voided'))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_fk" FOREIGN KEY ("tenant_id","transaction_id") REFERENCES "public"."ledger_transactions"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_fk" FOREIGN KEY ("tenant_id","account_id","currency") REFERENCES "public"."ledger_accounts"("tenant_id","id","currency") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("tenant_id","account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("tenant_id","transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_subject_idx" ON "ledger_transactions" USING btree ("tenant_id","subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_business_idx" ON "ledger_transactions" USING btree ("tenant_id","business_id","created_at");--> statement-breakpoint
-- The ledger's rules live in the database, so no code path can break them. The functions that
-- keep an account's totals run as the migration's owner (SECURITY DEFINER): the app role may read
-- and insert ledger rows, never update an account or an entry. Row-level security is enabled but
-- not forced on these three tables, so those owner functions see the rows the app's insert names.
CREATE FUNCTION ledger_account_starts_empty() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.debits_posted := 0;
  NEW.credits_posted := 0;
  NEW.debits_pending := 0;
  NEW.credits_pending := 0;
  NEW.version := 0;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_start_empty BEFORE INSERT ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION ledger_account_starts_empty();
--> statement-breakpoint
-- An entry goes into its account's totals as it is inserted, under the account's row lock (the
-- app inserts a transaction's entries in account id order, so two postings never wait on each
-- other in a circle). A posted entry records the balance it left; the no-negative check on the
-- account refuses the insert when the entry would overdraw it.
CREATE FUNCTION ledger_entry_applies() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  owner_tx ledger_transactions%ROWTYPE;
  account ledger_accounts%ROWTYPE;
  posted boolean;
BEGIN
  SELECT * INTO owner_tx FROM ledger_transactions WHERE tenant_id = NEW.tenant_id AND id = NEW.transaction_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'ledger transaction % does not exist', NEW.transaction_id USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'ledger_entries_transaction_fk';
  END IF;
  IF owner_tx.created_txid <> txid_current() OR owner_tx.status = 'voided' THEN
    RAISE EXCEPTION 'ledger transaction % is closed: entries are written with their transaction only', NEW.transaction_id
      USING ERRCODE = 'object_not_in_prerequisite_state';
  END IF;
  posted := owner_tx.status = 'posted';
  UPDATE ledger_accounts SET
    debits_posted = debits_posted + CASE WHEN posted AND NEW.amount > 0 THEN NEW.amount ELSE 0 END,
    credits_posted = credits_posted + CASE WHEN posted AND NEW.amount < 0 THEN -NEW.amount ELSE 0 END,
    debits_pending = debits_pending + CASE WHEN NOT posted AND NEW.amount > 0 THEN NEW.amount ELSE 0 END,
    credits_pending = credits_pending + CASE WHEN NOT posted AND NEW.amount < 0 THEN -NEW.amount ELSE 0 END,
    version = version + 1
  WHERE tenant_id = NEW.tenant_id AND id = NEW.account_id AND currency = NEW.currency
  RETURNING * INTO account;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'ledger account % does not exist in %', NEW.account_id, NEW.currency USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'ledger_entries_account_fk';
  END IF;
  NEW.account_version := account.version;
  NEW.running_balance := CASE WHEN NOT posted THEN NULL
    WHEN account.normal_balance = 'debit' THEN account.debits_posted - account.credits_posted
    ELSE account.credits_posted - account.debits_posted END;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_apply BEFORE INSERT ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_entry_applies();
--> statement-breakpoint
CREATE FUNCTION ledger_entry_is_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are never changed: post a correcting transaction' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_final BEFORE UPDATE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_entry_is_final();
--> statement-breakpoint
-- At commit: a transaction has at least two entries and they sum to zero in each currency.
CREATE FUNCTION ledger_transaction_balances() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  entry_count integer;
  unbalanced text;
BEGIN
  SELECT count(*) INTO entry_count FROM ledger_entries WHERE tenant_id = NEW.tenant_id AND transaction_id = NEW.id;
  IF entry_count < 2 THEN
    RAISE EXCEPTION 'ledger transaction % has % entries: at least two are needed', NEW.external_id, entry_count
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transactions_balanced';
  END IF;
  SELECT currency INTO unbalanced FROM ledger_entries WHERE tenant_id = NEW.tenant_id AND transaction_id = NEW.id
    GROUP BY currency HAVING sum(amount) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transaction % does not sum to zero in %', NEW.external_id, unbalanced
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transactions_balanced';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_transactions_balanced AFTER INSERT ON ledger_transactions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balances();
--> statement-breakpoint
-- A pending transaction is posted or voided once; nothing else about a transaction ever changes.
-- Its amounts move from the accounts' pending totals to their posted totals, or leave them.
CREATE FUNCTION ledger_transaction_settles() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  moved record;
  posting boolean;
BEGIN
  IF (NEW.tenant_id, NEW.id, NEW.external_id, NEW.kind, NEW.effective_date, NEW.business_id, NEW.subject_type, NEW.subject_id, NEW.description, NEW.created_txid, NEW.created_at)
     IS DISTINCT FROM (OLD.tenant_id, OLD.id, OLD.external_id, OLD.kind, OLD.effective_date, OLD.business_id, OLD.subject_type, OLD.subject_id, OLD.description, OLD.created_txid, OLD.created_at) THEN
    RAISE EXCEPTION 'a ledger transaction only changes its status' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.status = OLD.status THEN
    RETURN OLD;
  END IF;
  IF OLD.status <> 'pending' OR NEW.status NOT IN ('posted', 'voided') THEN
    RAISE EXCEPTION 'ledger transaction % is %: only a pending transaction is posted or voided', OLD.external_id, OLD.status
      USING ERRCODE = 'object_not_in_prerequisite_state';
  END IF;
  posting := NEW.status = 'posted';
  FOR moved IN
    SELECT account_id, sum(greatest(amount, 0)) AS debits, sum(greatest(-amount, 0)) AS credits
    FROM ledger_entries WHERE tenant_id = OLD.tenant_id AND transaction_id = OLD.id
    GROUP BY account_id ORDER BY account_id
  LOOP
    UPDATE ledger_accounts SET
      debits_pending = debits_pending - moved.debits,
      credits_pending = credits_pending - moved.credits,
      debits_posted = debits_posted + CASE WHEN posting THEN moved.debits ELSE 0 END,
      credits_posted = credits_posted + CASE WHEN posting THEN moved.credits ELSE 0 END,
      version = version + 1
    WHERE tenant_id = OLD.tenant_id AND id = moved.account_id;
  END LOOP;
  NEW.posted_at := CASE WHEN posting THEN now() END;
  NEW.voided_at := CASE WHEN posting THEN NULL ELSE now() END;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_settle BEFORE UPDATE ON ledger_transactions FOR EACH ROW EXECUTE FUNCTION ledger_transaction_settles();
--> statement-breakpoint
GRANT SELECT, INSERT ON ledger_accounts, ledger_transactions, ledger_entries TO app_user;
--> statement-breakpoint
GRANT UPDATE (status) ON ledger_transactions TO app_user;
--> statement-breakpoint
GRANT USAGE ON SEQUENCE ledger_entries_id_seq TO app_user;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['ledger_accounts', 'ledger_transactions', 'ledger_entries'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I TO app_user USING (tenant_id = NULLIF(current_setting(''app.tenant_id'', true), '''')::uuid) WITH CHECK (tenant_id = NULLIF(current_setting(''app.tenant_id'', true), '''')::uuid)',
      t
    );
  END LOOP;
END
$$;
