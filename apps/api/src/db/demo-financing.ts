import type { AppContext } from '../platform/app-context';
import type { AuditActor } from '../platform/audit';
import type { BusinessScope } from '../platform/business-scope';
import type { DemoOnboarding } from '../platform/demo-providers';
import { createDocumentAttachments } from '../modules/attachments/attachments.service';
import { createCounterpartyService } from '../modules/counterparties/counterparties.service';
import { createBnplService } from '../modules/financing/bnpl.service';
import { createFinancingService } from '../modules/financing/financing.service';
import { createInvoiceCollections } from '../modules/financing/invoice-collections';
import { createLoanReadsService } from '../modules/financing/loan-reads.service';
import { createInvoiceService } from '../modules/invoices/invoices.service';
import { createPaymentService } from '../modules/payments/payments.service';
import { createPayoutService } from '../modules/payouts/payouts.service';
import { createSavedMethodCore } from '../modules/saved-methods/saved-methods-core';
import { createSavedMethodService } from '../modules/saved-methods/saved-methods.service';
import { seedDemoPayoutAccount } from './demo-payments';
import type { DemoOwner } from './seed';

/** The vendor whose latest bill the demo business defers. */
const BNPL_VENDOR = 'Cloud Hosting Co';

/**
 * The demo's financing (issue 18 item 7), through the same services a member uses: the demo
 * business takes an advance on the invoice Northwind approved and Northwind has paid part of it
 * (the waterfall took the fee and part of the principal), and it defers its latest bill from its
 * hosting vendor by 90 days with a card it saved (the vendor was paid at once; the card is
 * charged on the repay date). Runs once: a demo business that has loans is left alone.
 */
export async function seedDemoFinancing(app: AppContext, owner: DemoOwner, onboarding: DemoOnboarding): Promise<void> {
  const scope: BusinessScope = { tenantId: owner.tenantId, businessId: owner.businessId };
  const actor: AuditActor = { ...scope, userId: owner.userId, ip: null };
  if ((await createLoanReadsService(app).listLoans(scope, { page: 1, limit: 1 })).data.length > 0) return;
  const attachments = createDocumentAttachments(app);
  const invoices = createInvoiceService(app, attachments);
  const payments = createPaymentService(app, attachments, createInvoiceCollections(app).collectInTx);
  const payouts = createPayoutService(app);
  const methods = createSavedMethodService(app, createSavedMethodCore(app));
  const today = app.clock.now().toISOString().slice(0, 10);

  const approved = (await invoices.list(scope, { type: 'outgoing', status: 'approved', paid_status: 'unpaid', limit: 50 })).data[0];
  if (approved) {
    const financing = createFinancingService(app, { payouts, payments });
    const { loan_info: offer } = await financing.factoringOffer(scope, approved.id);
    await financing.fundFactoring(actor, scope, approved.id, { offerId: offer.id, termsAgreement: true }, null);
    // The customer paid the fee and a quarter of the advance so far.
    const paid = offer.fee_amount + Math.floor(offer.principal_amount / 4);
    await payments.create(actor, scope, { direction: 'received', customer_id: approved.customer_id, invoice_id: approved.id, amount: paid, payment_date: today }, null);
  }

  const vendor = (await createCounterpartyService(app).list({ ...scope, kind: 'vendor' }, { page: 1, limit: 50 })).data.find((row) => row.name === BNPL_VENDOR);
  const vendorBusinessId = vendor?.customer_business?.id;
  if (!vendor || !vendorBusinessId) return;
  const bill = (await invoices.list(scope, { type: 'incoming', paid_status: 'unpaid', limit: 50 })).data.find((row) => row.business.id === vendorBusinessId);
  if (!bill) return;
  await invoices.approve(actor, scope, bill.id);
  // The vendor is paid by a transfer to its payout account, onboarded as the demo business's own is.
  await seedDemoPayoutAccount(app, { tenantId: scope.tenantId, businessId: vendorBusinessId }, onboarding);
  const setup = await methods.startSetup(scope, { name: 'Demo Business', email: null });
  await onboarding.confirmCardSetup(setup.client_secret);
  const card = await methods.confirmSetup(actor, scope, { setup_intent_id: setup.client_secret.split('_secret_')[0] ?? '' });
  const bnpl = createBnplService(app, { payouts, methods, payments });
  const offer = await bnpl.offer(scope, bill.id, 90);
  await bnpl.fund(actor, scope, bill.id, { offerId: offer.id, daysToDefer: 90, selectedPaymentMethod: card.id, termsAgreement: true }, null);
}
