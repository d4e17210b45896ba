import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, createHarness } from '../../test/harness';
import { refreshStatistics } from './statistics';

/**
 * Planner statistics on either database: tables never analyzed or grown since are analyzed, and a
 * plan made afterwards takes the primary key for a lookup by tenant and id (with no statistics the
 * planner took an index on the tenant alone, and a cached plan kept it).
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const rowsOf = async (text: string) => (await h.app.database.executor.executeSql(text)).rows;

async function lookupPlan(): Promise<string> {
  const rows = await rowsOf(
    `explain select 1 from only ledger_transactions x where tenant_id = '${h.landlordId}'::uuid and id = '00000000-0000-4000-8000-000000000002'::uuid for key share of x`,
  );
  return JSON.stringify(rows);
}

describe('planner statistics', () => {
  it('analyzes the tables never analyzed, then only those that grew', async () => {
    await refreshStatistics(h.app.database.executor);
    expect(await refreshStatistics(h.app.database.executor)).toEqual([]);

    // 3,000 balanced postings between two accounts of the tenant, through the ledger's own function.
    await rowsOf(`do $$
      declare
        tenant uuid := '${h.landlordId}';
        debit uuid := gen_random_uuid();
        credit uuid := gen_random_uuid();
      begin
        insert into ledger_accounts (tenant_id, id, owner_type, code, currency, normal_balance, no_negative)
          values (tenant, debit, 'tenant', 'statistics_debit', 'USD', 'debit', false), (tenant, credit, 'tenant', 'statistics_credit', 'USD', 'credit', false);
        for n in 1..3000 loop
          perform ledger_post(tenant, gen_random_uuid(), 'statistics-' || n, 'fee', 'posted', '2026-11-26', null, null, null, null, array[debit, credit], array['USD', 'USD'], array[1, -1]::bigint[]);
        end loop;
      end $$`);
    expect(await refreshStatistics(h.app.database.executor)).toContain('ledger_transactions');
    const plan = await lookupPlan();
    expect(plan, plan).toContain("ledger_transactions_tenant_id_id_pk");
    expect(await refreshStatistics(h.app.database.executor)).toEqual([]);
  });
});
