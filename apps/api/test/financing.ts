import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { FakeStripe } from '@app/fakes';
import { ledgerAccounts, ledgerTransactions } from '../src/db/schema';
import { openInvoice } from '../src/modules/payments/test-payments';
import type { Harness, TestClient } from './harness';

/** An open invoice of `vendor` to `customerId`, approved by the customer business `buyer`: what financing asks for. */
export async function approvedInvoice(vendor: TestClient, buyer: TestClient, customerId: string, total: number): Promise<string> {
  const invoice = await openInvoice(vendor, customerId, total);
  const approved = await buyer.post(`/api/v1/invoices/${invoice.id}/approve`);
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return invoice.id;
}

/** The loan's account balances on their normal side, read as the owner straight from the ledger's totals. */
export async function loanBalances(h: Harness, loanId: string): Promise<Record<string, number>> {
  const rows = await h.app.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.ownerId, loanId));
  return Object.fromEntries(rows.map((row) => [row.code, row.normalBalance === 'debit' ? row.debitsPosted - row.creditsPosted : row.creditsPosted - row.debitsPosted]));
}

/** The loan's ledger transactions as `kind:status`, sorted. */
export async function loanPostings(h: Harness, loanId: string): Promise<string[]> {
  const rows = await h.app.db.select({ kind: ledgerTransactions.kind, status: ledgerTransactions.status }).from(ledgerTransactions).where(eq(ledgerTransactions.subjectId, loanId));
  return rows.map((row) => `${row.kind}:${row.status}`).sort();
}

export type FakeTransfer = { id: string; amount: number; currency: string; metadata: Record<string, string> };

/** The fake Stripe's transfers to a connected account, as the platform reads them. */
export async function transfersTo(fake: FakeStripe, destination: string): Promise<FakeTransfer[]> {
  const response = await fetch(`${fake.url}/v1/transfers?destination=${destination}&limit=100`, { headers: { authorization: `Bearer ${fake.secretKey}` } });
  return ((await response.json()) as { data: FakeTransfer[] }).data;
}
