import { type Currency, type InvoiceResource, currencyById, messages } from '@app/contracts';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext, RequestMeta } from '../../platform/app-context';
import type { AuditActor } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { AppError, isUniqueViolation, isValidationRefusal } from '../../platform/errors';
import type { DocumentKind } from '../../platform/file-sniff';
import type { AcceptedFile } from '../attachments/attachment-files';
import { discardFiles, insertAttachmentsInTx, storeFiles } from '../attachments/attachments.service';
import { type CounterpartyService, scopeOf } from '../counterparties/counterparties.service';
import type { InvoiceService } from '../invoices/invoices.service';
import * as repo from './invoice-upload.repository';
import { type CheckedInvoice, type UploadFields, checkInvoiceFields, checkSheetRows, validationError } from './upload-fields';
import { readSheetRows } from './spreadsheet';

const NUMBER_CONSTRAINT = 'invoices_business_number_unique';
const INVOICE_DOCUMENTS: ReadonlySet<DocumentKind> = new Set(['pdf', 'png', 'jpg', 'gif', 'webp']);
const SPREADSHEETS: ReadonlySet<DocumentKind> = new Set(['csv', 'xlsx']);

/** Who uploads, for which business, in which currency the totals are typed. */
export type UploadContext = { actor: AuditActor; scope: BusinessScope; meta: RequestMeta; currencyId: number };

/** One invoice to create; `errorKey` prefixes its error fields ('' for the form, 'rows.3.' for a spreadsheet row). */
type PlannedInvoice = { errorKey: string; invoice: CheckedInvoice };

/**
 * The invoices service reports fields of a whole invoice; an uploaded one has a single line
 * for its total, so line errors are the total's, and every field is named for its row.
 */
function errorForUpload(error: unknown, errorKey: string): unknown {
  if (isUniqueViolation(error, NUMBER_CONSTRAINT)) return AppError.validation(`${errorKey}invoice_number`, messages.invoiceNumberTaken);
  if (!isValidationRefusal(error)) return error;
  const fields = Object.entries(error.fieldErrors ?? {}).map(([field, list]): [string, string[]] => [`${errorKey}${field.startsWith('items.') ? 'total' : field}`, list]);
  return new AppError('validation', error.message, 422, Object.fromEntries(fields));
}

type Collaborators = { invoices: Pick<InvoiceService, 'createUploadedInTx' | 'get'>; counterparties: CounterpartyService };

/** Invoices issued elsewhere: one with its document attached, or many from a CSV or XLSX file. */
export function createInvoiceUploadService(app: AppContext, { invoices, counterparties }: Collaborators) {
  /**
   * The customer id of every planned invoice: an existing customer of the business checked by id,
   * a customer of the business with the draft's email, or a new one created through the
   * counterparties service (which links or creates the customer's business).
   */
  async function resolveCustomers(context: UploadContext, planned: readonly PlannedInvoice[]): Promise<string[]> {
    const customers = scopeOf(context.scope.tenantId, context.scope.businessId, 'customer');
    const errors: Record<string, string> = {};
    const byEmail = new Map<string, string>();
    const ids: string[] = [];
    for (const { errorKey, invoice } of planned) {
      const customer = invoice.customer;
      if ('id' in customer) {
        const found = await counterparties.get(customers, customer.id, new Set()).catch((error: unknown) => {
          if (error instanceof AppError && error.status === 404) return null;
          throw error;
        });
        if (!found || found.status !== 'active') errors[`${errorKey}customer_id`] = messages.invalidCustomer;
        ids.push(customer.id);
        continue;
      }
      let id = byEmail.get(customer.email);
      if (!id) {
        const listed = await counterparties.list(customers, { email: customer.email, limit: 500 });
        id = listed.data.find((row) => row.email?.toLowerCase() === customer.email)?.id;
      }
      if (!id) {
        try {
          id = (await counterparties.create(context.actor, customers, { name: customer.name, email: customer.email, currency_id: context.currencyId }, context.meta)).id;
        } catch (error) {
          if (!isValidationRefusal(error)) throw error;
          errors[`${errorKey}customer_email`] = error.message;
          id = '';
        }
      }
      byEmail.set(customer.email, id);
      ids.push(id);
    }
    if (Object.keys(errors).length > 0) throw validationError(errors);
    return ids;
  }

  async function createInTx(tx: Tx, context: UploadContext, planned: PlannedInvoice, customerId: string): Promise<InvoiceResource> {
    const { invoice } = planned;
    try {
      return await invoices.createUploadedInTx(tx, context.actor, context.scope, {
        customer_id: customerId,
        invoice_number: invoice.invoice_number,
        invoice_date: invoice.invoice_date,
        due_date: invoice.due_date,
        total: invoice.total,
      });
    } catch (error) {
      throw errorForUpload(error, planned.errorKey);
    }
  }

  function currencyOf(currencyId: number): Currency {
    const currency = currencyById(currencyId);
    if (!currency) throw new Error(`Business currency ${currencyId} is unknown`);
    return currency;
  }

  async function uploadOne(context: UploadContext, file: AcceptedFile, fields: UploadFields): Promise<InvoiceResource[]> {
    const checked = checkInvoiceFields(fields, currencyOf(context.currencyId));
    if ('errors' in checked) throw validationError(checked.errors);
    const planned: PlannedInvoice = { errorKey: '', invoice: checked.invoice };
    const [customerId = ''] = await resolveCustomers(context, [planned]);
    const stored = await storeFiles(app.storage, context.scope.tenantId, [file]);
    let invoiceId: string;
    try {
      invoiceId = await inTenant(app.db, context.scope.tenantId, async (tx) => {
        const created = await createInTx(tx, context, planned, customerId);
        await insertAttachmentsInTx(tx, context.actor, context.scope, 'invoice', created.id, stored);
        return created.id;
      });
    } catch (error) {
      await discardFiles(app.storage, stored.map((entry) => entry.storageKey));
      throw error;
    }
    return [await invoices.get(context.scope, invoiceId)];
  }

  async function uploadMany(context: UploadContext, file: AcceptedFile): Promise<InvoiceResource[]> {
    const rows = await readSheetRows(file);
    const numbers = [...new Set(rows.map((row) => row.values.invoice_number?.trim() ?? '').filter((number) => number !== ''))];
    const taken = await inTenant(app.db, context.scope.tenantId, (tx) => repo.takenInvoiceNumbers(tx, context.scope, numbers));
    const checked = checkSheetRows(rows, currencyOf(context.currencyId), taken);
    const planned = checked.map((invoice): PlannedInvoice => ({ errorKey: `rows.${invoice.rowNumber}.`, invoice }));
    const customerIds = await resolveCustomers(context, planned);
    return inTenant(app.db, context.scope.tenantId, async (tx) => {
      const created: InvoiceResource[] = [];
      for (const [index, entry] of planned.entries()) created.push(await createInTx(tx, context, entry, customerIds[index] ?? ''));
      return created;
    });
  }

  return {
    /** A PDF or image is one invoice described by `fields`; a CSV or XLSX file holds one invoice per row. */
    async upload(context: UploadContext, file: AcceptedFile, fields: UploadFields): Promise<InvoiceResource[]> {
      if (INVOICE_DOCUMENTS.has(file.sniffed.kind)) return uploadOne(context, file, fields);
      if (SPREADSHEETS.has(file.sniffed.kind)) return uploadMany(context, file);
      throw AppError.validation('file', messages.invalidInvoiceUpload);
    },
  };
}

export type InvoiceUploadService = ReturnType<typeof createInvoiceUploadService>;
