import type { AppContext } from '../../platform/app-context';
import { createDocumentAttachments } from '../attachments/attachments.service';
import { createCounterpartyService } from '../counterparties/counterparties.service';
import { createInvoiceCollections } from '../financing/invoice-collections';
import { createInvoiceService } from '../invoices/invoices.service';
import { createItemService } from '../items/items.service';
import { createPaymentModeService } from '../payment-modes/payment-modes.service';
import { createPaymentService } from '../payments/payments.service';
import { createTaxTypeService } from '../tax-types/tax-types.service';
import type { ImportCollaborators } from './import-run';

/** The services an import runner writes through, built as the app builds them (a second runner, as after a restart). */
export function importCollaborators(app: AppContext): ImportCollaborators {
  const attachments = createDocumentAttachments(app);
  return {
    counterparties: createCounterpartyService(app),
    items: createItemService(app),
    invoices: createInvoiceService(app, attachments),
    payments: createPaymentService(app, attachments, createInvoiceCollections(app).collectInTx),
    taxTypes: createTaxTypeService(app),
    paymentModes: createPaymentModeService(app),
  };
}
