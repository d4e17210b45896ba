import type { CounterpartyResource, InvoiceListItem } from '@app/contracts';
import { createInvoiceCollections } from '../modules/financing/invoice-collections';
import { addDays, todayInTimeZone } from '@app/domain';
import type { AppContext } from '../platform/app-context';
import type { AuditActor } from '../platform/audit';
import type { BusinessScope } from '../platform/business-scope';
import { createDocumentAttachments } from '../modules/attachments/attachments.service';
import { createCounterpartyService } from '../modules/counterparties/counterparties.service';
import { type InvoiceService, createInvoiceService } from '../modules/invoices/invoices.service';
import { createItemService } from '../modules/items/items.service';
import { createPaymentModeService } from '../modules/payment-modes/payment-modes.service';
import { createPaymentReminderService } from '../modules/payment-reminders/payment-reminders.service';
import { type PaymentService, createPaymentService } from '../modules/payments/payments.service';
import { createRecurringInvoiceJob } from '../modules/recurring-invoices/recurring-job';
import { createRecurringInvoiceService } from '../modules/recurring-invoices/recurring-invoices.service';
import { seedDemoPurchases } from './demo-purchases';

/** A month-end invoice for each of the last twelve months, paid in full, half, or not at all. */
const MONTHS_OF_ACTIVITY = 12;

/**
 * Northwind (the onboarded customer) records paying two of the demo business's invoices: one
 * claim the demo business confirmed (the invoice is paid, with its payment received), one still
 * awaiting its confirmation (the invoice unchanged).
 */
async function seedDemoClaims(app: AppContext, actor: AuditActor, scope: BusinessScope, payments: PaymentService, invoices: InvoiceService, northwind: CounterpartyResource): Promise<void> {
  const payer: BusinessScope = { tenantId: scope.tenantId, businessId: northwind.customer_business.id };
  const payerActor: AuditActor = { ...payer, userId: null, ip: null };
  const vendors = (await createCounterpartyService(app).list({ ...payer, kind: 'vendor' }, { page: 1, limit: 50 })).data;
  const demoVendor = vendors.find((vendor) => vendor.customer_business.id === scope.businessId);
  const open = (await invoices.list(scope, { customer_id: northwind.id, tab_status: 'open', limit: 50 })).data;
  const approved = open.find((invoice) => invoice.status === 'approved' && invoice.paid_status === 'unpaid');
  const viewed = open.find((invoice) => invoice.status === 'viewed' && invoice.paid_status === 'unpaid');
  if (!demoVendor || !approved || !viewed) return;
  const claim = async (invoice: InvoiceListItem) =>
    (await payments.create(payerActor, payer, { direction: 'made', vendor_id: demoVendor.id, invoice_id: invoice.id, amount: invoice.due_amount, payment_date: addDays(invoice.invoice_date, 10) }, null)).body.data;
  await payments.confirmClaim(actor, scope, (await claim(approved)).id);
  await claim(viewed);
}

/**
 * The demo business's money side: a year of paid invoices for the dashboard, a partial and a full
 * payment on the documents seeded before, payments Northwind claims to have made (one confirmed,
 * one awaiting confirmation), half a year of purchases from its vendors, reminder rules and two
 * recurring invoices that have run. Made only when the business has no payments yet, so a restart
 * adds nothing.
 */
export async function seedDemoBilling(app: AppContext, actor: AuditActor, scope: BusinessScope): Promise<void> {
  const attachments = createDocumentAttachments(app);
  const payments = createPaymentService(app, attachments, createInvoiceCollections(app).collectInTx);
  if ((await payments.list(scope, { limit: 1 })).meta.payment_total_count > 0) return;
  const invoices = createInvoiceService(app, attachments);
  const customers = (await createCounterpartyService(app).list({ ...scope, kind: 'customer' }, { page: 1, limit: 50 })).data;
  const items = (await createItemService(app).list(scope, { page: 1, limit: 50 })).data;
  const modes = (await createPaymentModeService(app).list(scope, { page: 1, limit: 50 })).data;
  const transfer = modes.find((mode) => mode.name === 'Bank transfer')?.id ?? null;
  const consulting = items.find((item) => item.name === 'Consulting');
  const northwind = customers.find((customer) => customer.name === 'Northwind Traders');
  const contoso = customers.find((customer) => customer.name === 'Contoso Ltd');
  if (!consulting || !northwind || !contoso) return;
  const today = todayInTimeZone(app.clock.now(), 'UTC');
  const pay = (customerId: string, invoiceId: string, amount: number, date: string) =>
    payments.create(actor, scope, { direction: 'received', customer_id: customerId, invoice_id: invoiceId, amount, payment_date: date, payment_method_id: transfer }, null);

  for (let month = MONTHS_OF_ACTIVITY; month >= 1; month -= 1) {
    const customer = month % 2 === 0 ? northwind : contoso;
    const invoiceDate = addDays(today, -30 * month);
    const invoice = await invoices.create(actor, scope, {
      customer_id: customer.id,
      invoice_date: invoiceDate,
      due_date: addDays(invoiceDate, 30),
      items: [{ item_id: consulting.id, name: consulting.name, quantity: String(8 + month), price: consulting.price }],
    });
    await invoices.finalize(actor, scope, invoice.id);
    await invoices.markSent(actor, scope, invoice.id);
    if (month > 2) await pay(customer.id, invoice.id, invoice.total, addDays(invoiceDate, 20));
    else if (month === 2) await pay(customer.id, invoice.id, Math.round(invoice.total / 2), addDays(invoiceDate, 25));
  }

  await seedDemoClaims(app, actor, scope, payments, invoices, northwind);
  await seedDemoPurchases(app, scope);

  const reminders = createPaymentReminderService(app);
  await reminders.create(actor, scope, { type: 'before_due', days: 3 });
  await reminders.create(actor, scope, { type: 'on_due', days: 0 });
  await reminders.create(actor, scope, { type: 'after_due', days: 7 });

  const recurring = createRecurringInvoiceService(app, invoices);
  await recurring.create(actor, scope, {
    customer_id: northwind.id,
    repeat_interval: 'monthly',
    reference_number: 'Support retainer',
    send_automatically: false,
    items: [{ item_id: consulting.id, name: 'Monthly support retainer', quantity: '10', price: consulting.price }],
  });
  await recurring.create(actor, scope, {
    customer_id: contoso.id,
    repeat_interval: 'weekly',
    reference_number: 'Weekly office supplies',
    send_automatically: false,
    items: [{ name: 'Office supplies delivery', quantity: '1', price: 4_500 }],
  });
  // Both start today: their first invoices are made now, as the generator would at the next minute.
  await createRecurringInvoiceJob(app).generateDue(app.clock.now());
}
