import type { InvoiceResource } from '@app/contracts';
import { createInvoiceCollections } from '../modules/financing/invoice-collections';
import { addDays, todayInTimeZone } from '@app/domain';
import type { AppContext } from '../platform/app-context';
import { type AuditActor, systemActor } from '../platform/audit';
import type { BusinessScope } from '../platform/business-scope';
import { createDocumentAttachments } from '../modules/attachments/attachments.service';
import { createCounterpartyService } from '../modules/counterparties/counterparties.service';
import { createEstimateService } from '../modules/estimates/estimates.service';
import { noOnlineIntents } from '../modules/estimates/estimate-deposits';
import { createPaymentService } from '../modules/payments/payments.service';
import { createInvoiceService } from '../modules/invoices/invoices.service';
import { createItemService } from '../modules/items/items.service';
import { createTaxTypeService } from '../modules/tax-types/tax-types.service';

type InvoiceStep = 'finalize' | 'send' | 'view' | 'approve' | 'reject' | 'void';
type DemoInvoice = { customer: string; daysAgo: number; dueInDays: number; lines: [item: string, quantity: string][]; discountPercent?: string; steps: InvoiceStep[] };

/** One invoice in every status; the onboarded customer (Northwind) receives several and answers some. */
const INVOICES: readonly DemoInvoice[] = [
  { customer: 'Northwind Traders', daysAgo: 2, dueInDays: 30, lines: [['Consulting', '6'], ['USB-C cable', '4']], steps: [] },
  { customer: 'Contoso Ltd', daysAgo: 5, dueInDays: 30, lines: [['Workshop day', '1']], steps: ['finalize'] },
  { customer: 'Northwind Traders', daysAgo: 12, dueInDays: 30, lines: [['Consulting', '12']], discountPercent: '10', steps: ['finalize', 'send'] },
  { customer: 'Northwind Traders', daysAgo: 20, dueInDays: 30, lines: [['Workshop day', '2'], ['Consulting', '3']], steps: ['finalize', 'send', 'view'] },
  { customer: 'Northwind Traders', daysAgo: 35, dueInDays: 30, lines: [['Consulting', '8'], ['USB-C cable', '10']], steps: ['finalize', 'send', 'view', 'approve'] },
  // Approved twice: the billing seed has Northwind pay one (it becomes completed), the other stays approved.
  { customer: 'Northwind Traders', daysAgo: 9, dueInDays: 30, lines: [['Workshop day', '1']], steps: ['finalize', 'send', 'view', 'approve'] },
  { customer: 'Northwind Traders', daysAgo: 40, dueInDays: 15, lines: [['USB-C cable', '25']], steps: ['finalize', 'send', 'reject'] },
  { customer: 'Contoso Ltd', daysAgo: 60, dueInDays: 30, lines: [['Consulting', '20']], steps: ['finalize', 'send'] },
  { customer: 'Walk-in Customer', daysAgo: 75, dueInDays: 0, lines: [['USB-C cable', '2']], steps: ['finalize', 'void'] },
];

type EstimateStep = 'finalize' | 'send' | 'view' | 'approve' | 'reject' | 'void' | 'convert';
type DemoEstimate = { customer: string; daysAgo: number; validForDays: number; lines: [item: string, quantity: string][]; steps: EstimateStep[] };

/** One estimate in every status (expired: its validity ended without an answer), one converted into an invoice. */
const ESTIMATES: readonly DemoEstimate[] = [
  { customer: 'Contoso Ltd', daysAgo: 1, validForDays: 30, lines: [['Workshop day', '3']], steps: [] },
  { customer: 'Northwind Traders', daysAgo: 3, validForDays: 30, lines: [['Consulting', '40']], steps: ['finalize'] },
  { customer: 'Northwind Traders', daysAgo: 6, validForDays: 30, lines: [['Workshop day', '1'], ['USB-C cable', '12']], steps: ['finalize', 'send'] },
  { customer: 'Northwind Traders', daysAgo: 9, validForDays: 30, lines: [['Consulting', '16']], steps: ['finalize', 'send', 'view'] },
  { customer: 'Northwind Traders', daysAgo: 14, validForDays: 30, lines: [['Workshop day', '2']], steps: ['finalize', 'send', 'view', 'approve'] },
  { customer: 'Northwind Traders', daysAgo: 18, validForDays: 30, lines: [['USB-C cable', '100']], steps: ['finalize', 'send', 'reject'] },
  { customer: 'Contoso Ltd', daysAgo: 50, validForDays: 14, lines: [['Consulting', '10']], steps: ['finalize'] },
  { customer: 'Walk-in Customer', daysAgo: 25, validForDays: 30, lines: [['USB-C cable', '3']], steps: ['finalize', 'void'] },
  { customer: 'Northwind Traders', daysAgo: 28, validForDays: 30, lines: [['Consulting', '24']], steps: ['finalize', 'send', 'approve', 'convert'] },
];

/**
 * The demo business's invoices and estimates (and, through the same services, everything they
 * imply: numbers, totals, statuses). Made only when the business has none, so a restart adds nothing.
 */
export async function seedDemoDocuments(app: AppContext, actor: AuditActor, scope: BusinessScope): Promise<void> {
  const attachments = createDocumentAttachments(app);
  const invoices = createInvoiceService(app, attachments);
  // The demo's estimates are made before any payment provider is connected: no deposit intent exists.
  const estimates = createEstimateService(app, attachments, invoices, { payments: createPaymentService(app, attachments, createInvoiceCollections(app).collectInTx).deposits, intents: noOnlineIntents });
  if ((await invoices.list(scope, { limit: 1 })).meta.invoice_total_count > 0) return;
  const customers = (await createCounterpartyService(app).list({ ...scope, kind: 'customer' }, { page: 1, limit: 50 })).data;
  const items = (await createItemService(app).list(scope, { page: 1, limit: 50 })).data;
  const taxTypes = (await createTaxTypeService(app).list(scope, { page: 1, limit: 50 })).data;
  const vat = taxTypes.find((tax) => tax.name === 'VAT 19%');
  const today = todayInTimeZone(app.clock.now(), 'UTC');
  const lineItems = (lines: DemoInvoice['lines']) =>
    lines.flatMap(([name, quantity]) => {
      const item = items.find((candidate) => candidate.name === name);
      return item ? [{ item_id: item.id, name: item.name, description: item.description, quantity, price: item.price }] : [];
    });

  for (const demo of INVOICES) {
    const customer = customers.find((candidate) => candidate.name === demo.customer);
    if (!customer) continue;
    const invoiceDate = addDays(today, -demo.daysAgo);
    const created: InvoiceResource = await invoices.create(actor, scope, {
      customer_id: customer.id,
      invoice_date: invoiceDate,
      due_date: addDays(invoiceDate, demo.dueInDays),
      discount_type: 'percentage',
      discount: demo.discountPercent ?? '0',
      taxes: vat ? [{ tax_type_id: vat.id }] : [],
      notes: 'Payment is due within 30 days of the invoice date. Thank you for your business.',
      items: lineItems(demo.lines),
    });
    const receiver: BusinessScope = { tenantId: scope.tenantId, businessId: customer.customer_business.id };
    const receiverActor = systemActor(scope.tenantId, receiver.businessId);
    for (const step of demo.steps) {
      if (step === 'finalize') await invoices.finalize(actor, scope, created.id);
      if (step === 'send') await invoices.markSent(actor, scope, created.id);
      if (step === 'view') await invoices.markViewed(scope.tenantId, created.id);
      if (step === 'approve') await invoices.approve(receiverActor, receiver, created.id);
      if (step === 'reject') await invoices.reject(receiverActor, receiver, created.id, 'Quantity does not match the order.');
      if (step === 'void') await invoices.void(actor, scope, created.id);
    }
  }

  for (const demo of ESTIMATES) {
    const customer = customers.find((candidate) => candidate.name === demo.customer);
    if (!customer) continue;
    const estimateDate = addDays(today, -demo.daysAgo);
    const created = await estimates.create(actor, scope, {
      customer_id: customer.id,
      estimate_date: estimateDate,
      expiry_date: addDays(estimateDate, demo.validForDays),
      taxes: vat ? [{ tax_type_id: vat.id }] : [],
      notes: 'This estimate is valid for 30 days.',
      items: lineItems(demo.lines),
    });
    const receiver: BusinessScope = { tenantId: scope.tenantId, businessId: customer.customer_business.id };
    const receiverActor = systemActor(scope.tenantId, receiver.businessId);
    for (const step of demo.steps) {
      if (step === 'finalize') await estimates.finalize(actor, scope, created.id);
      if (step === 'send') await estimates.markSent(actor, scope, created.id);
      if (step === 'view') await estimates.markViewed(scope.tenantId, created.id);
      if (step === 'approve') await estimates.approve(receiverActor, receiver, created.id);
      if (step === 'reject') await estimates.reject(receiverActor, receiver, created.id, 'Over our budget this quarter.');
      if (step === 'void') await estimates.void(actor, scope, created.id);
      if (step === 'convert') await estimates.convertToInvoice(actor, scope, created.id);
    }
  }
  await estimates.expireDue(scope.tenantId, app.clock.now());
}
