import type { InvoiceResource } from '@app/contracts';
import { createFinancingService } from '../financing/financing.service';
import { createInvoiceCollections } from '../financing/invoice-collections';
import type { AppContext } from '../../platform/app-context';
import type { DocumentAttachments } from '../documents/document-attachments';
import { paymentContactsInTx } from '../counterparties/counterparties.service';
import type { DocumentDelivery } from '../document-delivery/document-delivery.service';
import { createOnlinePaymentService } from '../online-payments/online-payments.service';
import { paymentDeliveryAdapter } from '../payments/payment-delivery';
import { createPaymentService } from '../payments/payments.service';
import { createPayoutService } from '../payouts/payouts.service';
import { createDocumentDelivery } from '../document-delivery/document-delivery.service';
import { estimateDeliveryAdapter } from '../document-delivery/estimate-delivery';
import { createEstimateService } from '../estimates/estimates.service';
import { createInvoiceService } from '../invoices/invoices.service';
import { type AutoPayService, createAutoPayService } from './auto-pay.service';
import { createSavedMethodCore } from './saved-methods-core';
import { createSavedMethodService } from './saved-methods.service';

/**
 * Auto pay for a process that runs the recurring generator without the HTTP app (the job worker,
 * benchmarks): the online-payments service it charges through, built as the app builds it.
 */
export function createAutoPayFor(app: AppContext, attachments: DocumentAttachments, invoiceDelivery: DocumentDelivery<InvoiceResource>): AutoPayService {
  const payments = createPaymentService(app, attachments, createInvoiceCollections(app).collectInTx);
  const paymentDelivery = createDocumentDelivery(app, paymentDeliveryAdapter(payments));
  const payouts = createPayoutService(app);
  const savedMethods = createSavedMethodService(app, createSavedMethodCore(app));
  const online = createOnlinePaymentService(app, {
    payments,
    payouts,
    financing: createFinancingService(app, { payouts, payments }),
    publicInvoiceId: (tenantId, token) => invoiceDelivery.publicDocumentId(tenantId, token),
    publicEstimateId: (tenantId, token) => estimateDelivery.publicDocumentId(tenantId, token),
    depositView: (tx, row, enabled) => estimates.deposits.viewInTx(tx, row, enabled),
    sendReceiptInTx: (tx, actor, scope, paymentId, origin) => paymentDelivery.sendWithDefaultsInTx(tx, actor, scope, paymentId, { origin, userEmail: null }, 'at-send'),
    savedMethodInTx: (tx, scope, id) => savedMethods.ownMethodInTx(tx, scope, id),
  });
  const invoices = createInvoiceService(app, attachments);
  const estimates = createEstimateService(app, attachments, invoices, { payments: payments.deposits, intents: online.depositIntents });
  const estimateDelivery = createDocumentDelivery(app, estimateDeliveryAdapter(estimates, invoices));
  return createAutoPayService(app, {
    online,
    methods: savedMethods,
    contactsInTx: (tx, vendor, counterpartyId) => paymentContactsInTx(tx, vendor.tenantId, vendor.businessId, counterpartyId),
  });
}
