import { type CounterpartyKind, messages, type Statement, type StatementLine, type StatementQuery, statementQuerySchema } from '@app/contracts';
import { todayInTimeZone } from '@app/domain';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import type { BusinessScope } from '../../platform/business-scope';
import { AppError } from '../../platform/errors';
import * as repo from './statements.repository';

/** Same-day lines: documents before the payments that settle them. */
const KIND_ORDER = { estimate: 0, invoice: 1, payment: 2 } as const;

/** Orders a statement's rows and runs the balance through them; lines in another currency move nothing. */
export function statementLines(rows: readonly repo.StatementRow[], currencyId: number, opening: number): StatementLine[] {
  const sorted = [...rows].sort((a, b) => a.date.localeCompare(b.date) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.number.localeCompare(b.number));
  let balance = opening;
  return sorted.map((row) => {
    const counts = row.currencyId === currencyId;
    const charge = counts && row.kind === 'invoice' ? row.amount : 0;
    const payment = counts && row.kind === 'payment' ? row.amount : 0;
    balance += charge - payment;
    return { kind: row.kind, id: row.id, date: row.date, number: row.number, status: row.status, currency_id: row.currencyId, amount: row.amount, charge, payment, balance };
  });
}

/**
 * A customer's or vendor's statement over a period (by default the calendar year to date, in the
 * business's time zone): opening balance, each invoice, estimate and payment with the running
 * balance, closing balance. Computed here in integer minor units from the stored totals.
 */
export function createStatementService(app: AppContext) {
  return {
    async get(scope: BusinessScope, timeZone: string, kind: CounterpartyKind, id: string, input: StatementQuery): Promise<Statement> {
      const query = statementQuerySchema.parse(input);
      const today = todayInTimeZone(app.clock.now(), timeZone);
      const to = query.to ?? today;
      const from = query.from ?? `${to.slice(0, 4)}-01-01`;
      // Only `from` given, after today: the period would end before it starts.
      if (from > to) throw AppError.validation('to', messages.endBeforeStartDate);
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const party = await repo.findParty(tx, scope, kind, id);
        if (!party) throw AppError.notFound();
        const currencyId = (await repo.invoiceCurrency(tx, scope, party)) ?? party.currencyId;
        const before = await repo.totalsBefore(tx, scope, party, currencyId, from);
        const opening = before.charges - before.payments;
        const lines = statementLines(await repo.rowsBetween(tx, scope, party, from, to), currencyId, opening);
        const charges = lines.reduce((sum, line) => sum + line.charge, 0);
        const paid = lines.reduce((sum, line) => sum + line.payment, 0);
        return {
          counterparty: { id: party.id, name: party.name, kind },
          currency_id: currencyId,
          from,
          to,
          opening_balance: opening,
          charges,
          payments: paid,
          closing_balance: opening + charges - paid,
          lines,
        };
      });
    },
  };
}

export type StatementService = ReturnType<typeof createStatementService>;
