import type { Tx } from '../../db/client';
import type { AppContext } from '../../platform/app-context';
import { recordAudit, systemActor } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { newId } from '../../platform/crypto';
import type { MailDraft } from '../../platform/outbox';
import { templatedMail } from '../email-templates/email-templates.port';
import * as repo from './saved-methods.repository';

/** Who is told of a failed try: the customer record and the vendor's address. */
export type AutoPayContacts = { customerName: string; customerEmail: string | null; vendorName: string; vendorEmail: string | null };
export type ContactsInTx = (tx: Tx, vendor: BusinessScope, counterpartyId: string) => Promise<AutoPayContacts | null>;

/** What comes after the reason in the mails: the next try, or why there is none. */
export type FailureFollowUp = { retryAt: Date } | { note: string } | null;

/** The same words for every failed try, card or bank: the customer and the vendor each get one mail. */
async function failureMails(tx: Tx, contacts: AutoPayContacts, attempt: repo.AutoPayAttemptRow, reason: string, followUp: FailureFollowUp): Promise<MailDraft[]> {
  const variables = {
    business_name: contacts.vendorName,
    customer_name: contacts.customerName,
    invoice_number: attempt.invoiceNumber,
    reason,
    retry_date: followUp && 'retryAt' in followUp ? followUp.retryAt.toISOString().slice(0, 10) : null,
    note: followUp && 'note' in followUp ? followUp.note : null,
  };
  const recipients = [
    { to: contacts.customerEmail, toCustomer: true },
    { to: contacts.vendorEmail, toCustomer: false },
  ];
  const drafts: MailDraft[] = [];
  for (const { to, toCustomer } of recipients) {
    if (to) drafts.push(await templatedMail(tx, attempt.tenantId, 'auto_pay_failed', { to, variables: { ...variables, to_customer: toCustomer }, secrets: [] }));
  }
  return drafts;
}

/**
 * Ends a try that failed, in the caller's transaction: the reason kept, the next try asked for
 * when `followUp` names one, the invoice's history written and both sides mailed through the
 * outbox (committed with it). The outbox ids, for dispatch once the transaction committed.
 */
export async function failAttemptInTx(app: AppContext, contactsInTx: ContactsInTx, tx: Tx, attempt: repo.AutoPayAttemptRow, status: 'failed' | 'skipped', reason: string, followUp: FailureFollowUp): Promise<void> {
  const actor = systemActor(attempt.tenantId, attempt.businessId);
  const retryAt = followUp && 'retryAt' in followUp ? followUp.retryAt : null;
  await repo.updateAttempt(tx, attempt.tenantId, attempt.id, { status, message: reason, nextTryAt: null });
  if (retryAt) await repo.insertAttemptOnce(tx, { ...attempt, id: newId(), try: attempt.try + 1, status: 'pending', amount: null, providerIntentId: null, savedMethodId: null, message: null, nextTryAt: retryAt, createdAt: app.clock.now() });
  await recordAudit(tx, actor, { model: 'invoice', modelId: attempt.invoiceId, action: 'updated', after: { event: 'auto_pay_failed', try: attempt.try, reason, retry_at: retryAt?.toISOString() ?? null } });
  const contacts = await contactsInTx(tx, { tenantId: attempt.tenantId, businessId: attempt.businessId }, attempt.counterpartyId);
  if (!contacts) return;
  for (const draft of await failureMails(tx, contacts, attempt, reason, followUp)) await app.outbox.write(tx, attempt.tenantId, draft);
}
