-- One statement posts a ledger transaction (docs/design-notes.md, "The ledger"): the transaction
-- row unless its external id is taken, then its entries in account id order (so the entry trigger
-- locks the accounts in that order), answering the stored transaction with its entries. A replay
-- (the external id taken) writes nothing and answers the stored transaction, marked replayed, for
-- the caller to compare. It runs as the caller (SECURITY INVOKER): row-level security, the grants
-- and every ledger trigger apply as to the separate inserts it replaces, and the deferred balance
-- check still runs at commit.
CREATE FUNCTION ledger_post(
  p_tenant_id uuid,
  p_id uuid,
  p_external_id text,
  p_kind text,
  p_status text,
  p_effective_date date,
  p_business_id uuid,
  p_subject_type text,
  p_subject_id uuid,
  p_description text,
  p_account_ids uuid[],
  p_currencies text[],
  p_amounts bigint[]
) RETURNS TABLE (ledger_transaction ledger_transactions, ledger_entry ledger_entries, replayed boolean)
LANGUAGE plpgsql SECURITY INVOKER SET search_path = public, pg_temp AS $$
DECLARE
  written ledger_transactions%ROWTYPE;
BEGIN
  INSERT INTO ledger_transactions AS t (tenant_id, id, external_id, kind, status, effective_date, business_id, subject_type, subject_id, description)
  VALUES (p_tenant_id, p_id, p_external_id, p_kind, p_status, p_effective_date, p_business_id, p_subject_type, p_subject_id, p_description)
  ON CONFLICT (tenant_id, external_id) DO NOTHING
  RETURNING t.* INTO written;
  IF NOT FOUND THEN
    RETURN QUERY SELECT t, e, true FROM ledger_transactions t
      JOIN ledger_entries e ON e.tenant_id = t.tenant_id AND e.transaction_id = t.id
      WHERE t.tenant_id = p_tenant_id AND t.external_id = p_external_id
      ORDER BY e.id;
    RETURN;
  END IF;
  RETURN QUERY WITH inserted AS (
    INSERT INTO ledger_entries (tenant_id, transaction_id, account_id, currency, amount)
    SELECT p_tenant_id, p_id, line.account_id, line.currency, line.amount
    FROM unnest(p_account_ids, p_currencies, p_amounts) AS line(account_id, currency, amount)
    ORDER BY line.account_id, line.currency, line.amount
    RETURNING *
  )
  SELECT written, inserted::ledger_entries, false FROM inserted ORDER BY inserted.id;
END;
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION ledger_post(uuid, uuid, text, text, text, date, uuid, text, uuid, text, uuid[], text[], bigint[]) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledger_post(uuid, uuid, text, text, text, date, uuid, text, uuid, text, uuid[], text[], bigint[]) TO app_user;
