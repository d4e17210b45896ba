import { addDays, todayInTimeZone } from '@app/domain';
import { createInvoiceCollections } from '../modules/financing/invoice-collections';
import type { AppContext } from '../platform/app-context';
import type { AuditActor } from '../platform/audit';
import type { BusinessScope } from '../platform/business-scope';
import { createDocumentAttachments } from '../modules/attachments/attachments.service';
import { ensureLinkedRecord } from '../modules/counterparties/counterparties.port';
import { createCounterpartyService } from '../modules/counterparties/counterparties.service';
import { createInvoiceService } from '../modules/invoices/invoices.service';
import { createPaymentService } from '../modules/payments/payments.service';
import { inTenant } from './tenant-tx';

/** A monthly bill from each demo vendor: what it sells and its price in minor units. */
const BILLS: Record<string, { line: string; price: number }> = {
  'Office Supplies Inc': { line: 'Office supplies', price: 18_500 },
  'Cloud Hosting Co': { line: 'Cloud hosting', price: 42_000 },
};
const MONTHS_OF_PURCHASES = 6;

/**
 * The demo business's purchases: its vendors (businesses on the platform) bill it monthly for
 * half a year and record the payments of all but the latest bills, so its incoming invoices,
 * payments made (their mirrors) and the dashboard's purchases chart have a history. Each vendor
 * acts as itself (no user), through the same services as any member would.
 */
export async function seedDemoPurchases(app: AppContext, scope: BusinessScope): Promise<void> {
  const attachments = createDocumentAttachments(app);
  const invoices = createInvoiceService(app, attachments);
  const payments = createPaymentService(app, attachments, createInvoiceCollections(app).collectInTx);
  const vendors = (await createCounterpartyService(app).list({ ...scope, kind: 'vendor' }, { page: 1, limit: 50 })).data;
  const today = todayInTimeZone(app.clock.now(), 'UTC');
  for (const vendor of vendors) {
    const bill = BILLS[vendor.name];
    if (!bill) continue;
    const seller: BusinessScope = { tenantId: scope.tenantId, businessId: vendor.customer_business.id };
    const actor: AuditActor = { ...seller, userId: null, ip: null };
    const customer = await inTenant(app.db, scope.tenantId, (tx) => ensureLinkedRecord(tx, app.webhookEvents, scope.tenantId, seller.businessId, 'customer', scope.businessId));
    for (let month = MONTHS_OF_PURCHASES; month >= 1; month -= 1) {
      const invoiceDate = addDays(today, -30 * month + 3);
      const invoice = await invoices.create(actor, seller, {
        customer_id: customer.id,
        invoice_date: invoiceDate,
        due_date: addDays(invoiceDate, 15),
        items: [{ name: bill.line, quantity: '1', price: bill.price + month * 500 }],
      });
      await invoices.finalize(actor, seller, invoice.id);
      await invoices.markSent(actor, seller, invoice.id);
      if (month > 1) {
        await payments.create(actor, seller, { direction: 'received', customer_id: customer.id, invoice_id: invoice.id, amount: invoice.total, payment_date: addDays(invoiceDate, 12) }, null);
      }
    }
  }
}
