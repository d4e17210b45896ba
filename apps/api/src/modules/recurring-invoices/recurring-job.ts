import type { AppContext } from '../../platform/app-context';
import { createDocumentAttachments } from '../attachments/attachments.service';
import { createDocumentDelivery } from '../document-delivery/document-delivery.service';
import { invoiceDeliveryAdapter } from '../document-delivery/invoice-delivery';
import { createInvoiceService } from '../invoices/invoices.service';
import { type RecurringGenerator, createRecurringGenerator } from './recurring-generator';

/** The generator with its own invoice and delivery services, for the process's job worker (and benchmarks). */
export function createRecurringInvoiceJob(app: AppContext, onError?: (error: unknown) => void): RecurringGenerator {
  const invoices = createInvoiceService(app, createDocumentAttachments(app));
  return createRecurringGenerator(app, invoices, createDocumentDelivery(app, invoiceDeliveryAdapter(invoices)), onError);
}
