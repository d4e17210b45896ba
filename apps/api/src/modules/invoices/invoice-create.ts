import { type InvoicePayload, type InvoiceResource, messages } from '@app/contracts';
import { addDays } from '@app/domain';
import type { Tx } from '../../db/client';
import type { AppContext } from '../../platform/app-context';
import type { AuditActor } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { type DocumentBusiness, loadNewDocumentContext, loadNewDocumentsContext, templateFor } from '../documents/document-business';
import type { PdfTemplateChoices } from '../pdf-templates/pdf-templates.port';
import { type DocumentCore, type DocumentCustomer, type DocumentLines, pricedColumns } from '../documents/document-core';
import { priceDocument } from '../documents/pricing';
import { rateFor } from '../exchange-rates/exchange-rates.service';
import { recordInvoiceEvent, recordInvoiceEvents } from './invoice-events';
import * as importRepo from './invoice-import.repository';
import { checkDueDate } from './invoice-transitions';
import * as repo from './invoices.repository';

/** Where a new invoice comes from, and the status it starts in. */
export type InvoiceOrigin = { source: repo.InvoiceRow['source']; status: 'draft' | 'open'; estimateId?: string; recurringInvoiceId?: string };

/** How a new invoice is answered, from what its create read and wrote. */
type AnswerOf = (scope: BusinessScope, row: repo.InvoiceRow, owner: DocumentBusiness, customer: DocumentCustomer, lines: DocumentLines) => InvoiceResource;

/** Making invoices: one at a time (`insert`, every create), and an import's many (`importBatch`). */
export function createInvoiceCreation(app: AppContext, core: DocumentCore<repo.InvoiceRow>, answerOf: AnswerOf) {
  /**
   * Inserts a new invoice and answers it from the rows inserted and the business and customer read.
   * The number comes last: the sequence row stays locked from there until commit and queues other
   * creates, so the invoice is stored under its own id first unless the number was typed.
   */
  async function insert(tx: Tx, actor: AuditActor, scope: BusinessScope, payload: InvoicePayload, origin: InvoiceOrigin): Promise<{ row: repo.InvoiceRow; answer: InvoiceResource }> {
    const { row, owner, customer, lines } = await store(tx, actor, scope, payload, origin);
    await core.audit.created(tx, actor, row);
    await recordInvoiceEvent(tx, app.webhookEvents, 'invoice.created', row);
    return { row, answer: answerOf(scope, row, owner, customer, lines) };
  }

  /** The rows of a new invoice, numbered; its audit entry and invoice.created event are the caller's to write. */
  async function store(tx: Tx, actor: AuditActor, scope: BusinessScope, payload: InvoicePayload, origin: InvoiceOrigin) {
    const { owner, customer, userSettings, templates } = await loadNewDocumentContext(tx, actor, scope, 'invoice', payload.customer_id, payload.template_name);
    const exchangeRate = await rateFor(tx, scope, customer.currencyId, owner.currencyId);
    const { insert, priced } = await newInvoiceOf(tx, actor, scope, payload, origin, { owner, customer, userSettings, templates, exchangeRate });
    await core.refuseTakenNumber(tx, scope, payload.invoice_number);
    const stored = await repo.insertInvoice(tx, insert);
    const lines = await core.insertLines(tx, scope, insert.id, priced);
    const row = (await core.numberLast(tx, scope, owner.settings, payload.invoice_number, payload.invoice_date, customer.id, (numbered) => repo.numberInvoice(tx, scope, insert.id, numbered))) ?? stored;
    return { row, owner, customer, lines };
  }

  /** The row of a new invoice and its priced lines, from its request and what was read for it (pricing looks up the tax types and items it names). */
  async function newInvoiceOf(tx: Tx, actor: AuditActor, scope: BusinessScope, payload: InvoicePayload, origin: InvoiceOrigin, read: { owner: DocumentBusiness; customer: DocumentCustomer; userSettings: Record<string, string | null> | null; templates: PdfTemplateChoices; exchangeRate: string | null }) {
    const { owner, customer } = read;
    const { settings } = owner;
    const priced = await priceDocument(tx, scope, payload, settings, customer.currencyId);
    const dueDate = payload.due_date ?? (settings.invoice_set_due_date_automatically ? addDays(payload.invoice_date, settings.invoice_due_date_days) : null);
    checkDueDate(payload.invoice_date, dueDate);
    const id = newId();
    const insert = {
      tenantId: scope.tenantId,
      id,
      businessId: scope.businessId,
      customerId: customer.id,
      customerBusinessId: customer.counterpartyBusinessId,
      invoiceNumber: payload.invoice_number || id,
      invoiceDate: payload.invoice_date,
      dueDate,
      status: origin.status,
      currencyId: customer.currencyId,
      exchangeRate: read.exchangeRate,
      templateName: templateFor('invoice', payload.template_name, read.userSettings, read.templates),
      notes: payload.notes ?? null,
      ...pricedColumns(priced),
      dueAmount: priced.totals.total,
      source: origin.source,
      estimateId: origin.estimateId ?? null,
      recurringInvoiceId: origin.recurringInvoiceId ?? null,
      createdByUserId: actor.userId,
    } satisfies repo.InvoiceInsert;
    return { insert, priced };
  }

  /**
   * Many imported invoices, each with its typed number, as `store` would make them one by one,
   * in a few statements for the lot: the business, customers and user's settings read once, the
   * invoices, their lines and tax lines inserted many rows at a time. Null, with nothing
   * written, when a typed number is the series' next: each must then move the sequence on in
   * turn (`store`). A refused invoice refuses the lot (the caller retries them one by one).
   */
  async function storeMany(tx: Tx, actor: AuditActor, scope: BusinessScope, payloads: readonly InvoicePayload[], origin: InvoiceOrigin): Promise<repo.InvoiceRow[] | null> {
    const read = await loadNewDocumentsContext(tx, actor, scope, payloads.map((payload) => payload.customer_id));
    const typed = payloads.map((payload) => payload.invoice_number ?? '');
    if (typed.some((number) => number === '')) throw new Error('Every invoice stored together has its number typed');
    if ((await importRepo.takenInvoiceNumbers(tx, scope, typed)).size > 0 || new Set(typed).size < typed.length) throw AppError.validation('invoice_number', messages.invoiceNumberTaken);
    if (await core.anyTypedIsNext(tx, scope, read.owner.settings, payloads.map((payload, index) => ({ typed: typed[index] ?? '', date: payload.invoice_date, customerId: payload.customer_id })))) return null;
    const rates = new Map<number, string | null>();
    const made = [];
    for (const payload of payloads) {
      const customer = read.customers.get(payload.customer_id);
      if (!customer) throw AppError.validation('customer_id', messages.invalidCustomer);
      const exchangeRate = rates.has(customer.currencyId) ? (rates.get(customer.currencyId) ?? null) : await rateFor(tx, scope, customer.currencyId, read.owner.currencyId);
      rates.set(customer.currencyId, exchangeRate);
      made.push(await newInvoiceOf(tx, actor, scope, payload, origin, { owner: read.owner, customer, userSettings: read.userSettings, templates: read.templates, exchangeRate }));
    }
    const rows = await repo.insertInvoices(tx, made.map(({ insert }) => insert));
    await core.insertLinesOfMany(tx, scope, made.map(({ insert, priced }) => ({ documentId: insert.id, priced })));
    return rows;
  }

  /**
   * An import's invoices, issued elsewhere and so already open, in the import's one transaction:
   * each stored when added (its id answered), their audit entries and invoice.created events
   * written together at `flush`, two statements for the lot instead of two per invoice.
   */
  function importBatch(actor: AuditActor, scope: BusinessScope) {
    let added: repo.InvoiceRow[] = [];
    return {
      async add(tx: Tx, payload: InvoicePayload): Promise<string> {
        const { row } = await store(tx, actor, scope, payload, { source: 'import', status: 'open' });
        added.push(row);
        return row.id;
      },
      /** Many at once (`storeMany`), their ids in the order asked; null, with nothing written, when they must go one by one. */
      async addMany(tx: Tx, payloads: readonly InvoicePayload[]): Promise<string[] | null> {
        const rows = await storeMany(tx, actor, scope, payloads, { source: 'import', status: 'open' });
        if (!rows) return null;
        added.push(...rows);
        return rows.map((row) => row.id);
      },
      async flush(tx: Tx): Promise<void> {
        const rows = added;
        added = [];
        await core.audit.createdMany(tx, actor, rows);
        await recordInvoiceEvents(tx, app.webhookEvents, 'invoice.created', scope, rows);
      },
    };
  }

  return { insert, importBatch };
}
