import type { AppContext } from '../platform/app-context';
import type { BusinessScope } from '../platform/business-scope';
import type { DemoOnboarding } from '../platform/demo-providers';
import { createDocumentAttachments } from '../modules/attachments/attachments.service';
import { createDocumentDelivery } from '../modules/document-delivery/document-delivery.service';
import { invoiceDeliveryAdapter } from '../modules/document-delivery/invoice-delivery';
import { createInvoiceService } from '../modules/invoices/invoices.service';
import { createPayoutService } from '../modules/payouts/payouts.service';
import type { DemoOwner } from './seed';

/** The smallest PDF the wizard's document step takes as the owner's identity document. */
const IDENTITY_DOCUMENT = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const SEED_META = { ip: '127.0.0.1', userAgent: 'demo seed', origin: '' };

/**
 * The demo business's payout account, onboarded through the same wizard steps a newcomer takes and
 * verified by the demo's provider, so it can take card payments at once. Every start finishes what
 * is missing; an account that can already take charges is left alone.
 */
export async function seedDemoPayoutAccount(app: AppContext, scope: BusinessScope, onboarding: DemoOnboarding): Promise<void> {
  const payouts = createPayoutService(app);
  if ((await payouts.overview(scope)).account?.charges_enabled) return;
  await payouts.submitStep(scope, { step: 'account_details', business_type: 'individual', email: 'owner@demo.example.com' }, SEED_META);
  await payouts.submitStep(
    scope,
    {
      step: 'user_details',
      individual: {
        first_name: 'Demo',
        last_name: 'Owner',
        email: 'owner@demo.example.com',
        phone: '+14155550100',
        dob: '1990-01-15',
        address: { line1: '510 Townsend St', city: 'San Francisco', state: 'CA', postal_code: '94103' },
        ssn_last_4: '0000',
        id_number_token: await onboarding.idNumberToken(),
      },
    },
    SEED_META,
  );
  await payouts.uploadDocument(scope, 'identity_document', { name: 'passport.pdf', data: IDENTITY_DOCUMENT });
  await payouts.submitStep(scope, { step: 'verify_documents' }, SEED_META);
  await payouts.submitStep(scope, { step: 'business_information', business_profile: { mcc: '5734', url: 'https://demo.example.com' } }, SEED_META);
  await payouts.submitStep(scope, { step: 'bank_account', bank_account_token: await onboarding.bankAccountToken() }, SEED_META);
  const review = await payouts.submitStep(scope, { step: 'review_details', tos_accepted: true }, SEED_META);
  const accountId = review.account?.provider_account_id;
  if (!accountId) throw new Error('The demo payout account was not created');
  onboarding.completeVerification(accountId);
  // The account.updated event reaches the app once it listens; the state is read now so the first page already shows it.
  await payouts.refresh(scope);
}

/**
 * A fresh public link to one of the demo business's open, unpaid invoices, for the start message:
 * the page where a newcomer pays by card as a guest. Null when every demo invoice is paid.
 */
export async function demoPayLink(app: AppContext, owner: DemoOwner): Promise<string | null> {
  const scope: BusinessScope = { tenantId: owner.tenantId, businessId: owner.businessId };
  const invoices = createInvoiceService(app, createDocumentAttachments(app));
  const open = (await invoices.list(scope, { tab_status: 'open', limit: 50 })).data;
  const payable = open.find((invoice) => invoice.paid_status === 'unpaid' && (invoice.status === 'sent' || invoice.status === 'viewed'));
  if (!payable) return null;
  const delivery = createDocumentDelivery(app, invoiceDeliveryAdapter(invoices));
  const link = await delivery.createLink({ ...scope, userId: owner.userId, ip: null }, scope, payable.id, { origin: await app.tenants.originOfTenant(scope.tenantId), userEmail: null });
  return link.url;
}
