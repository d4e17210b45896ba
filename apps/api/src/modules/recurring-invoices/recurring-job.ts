import type { AppContext } from '../../platform/app-context';
import { createDocumentAttachments } from '../attachments/attachments.service';
import { createDocumentDelivery } from '../document-delivery/document-delivery.service';
import { invoiceDeliveryAdapter } from '../document-delivery/invoice-delivery';
import { createInvoiceService } from '../invoices/invoices.service';
import { createAutoPayFor } from '../saved-methods/auto-pay-wiring';
import { type RecurringGenerator, createRecurringGenerator } from './recurring-generator';

/** The generator with its own invoice, delivery and auto-pay services, for the process's job worker (and benchmarks). */
export function createRecurringInvoiceJob(app: AppContext, onError?: (error: unknown) => void): RecurringGenerator {
  const attachments = createDocumentAttachments(app);
  const invoices = createInvoiceService(app, attachments);
  const delivery = createDocumentDelivery(app, invoiceDeliveryAdapter(invoices));
  return createRecurringGenerator(app, invoices, delivery, onError, createAutoPayFor(app, attachments, delivery));
}
