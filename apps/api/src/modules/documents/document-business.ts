import { type ResolvedBusinessSettings, messages } from '@app/contracts';
import type { AppDb, Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AuditActor } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { AppError } from '../../platform/errors';
import { businessSettingsOf } from '../businesses/businesses.service';
import { pdfTemplateChoices, pdfTemplateChoicesOf, pdfTemplateOptions, type PdfTemplateChoices } from '../pdf-templates/pdf-templates.port';
import * as repo from './documents.repository';

/** What documents need of their issuing business: its resolved settings, name and currency. */
export type DocumentBusiness = { settings: ResolvedBusinessSettings; name: string; currencyId: number };

type StoredBusiness = { id: string; name: string; currencyId: number; settings: Parameters<typeof businessSettingsOf>[1] };

function documentBusinessOf(business: StoredBusiness): DocumentBusiness {
  return { settings: businessSettingsOf(business.id, business.settings), name: business.name, currencyId: business.currencyId };
}

export async function loadDocumentBusiness(tx: Tx, tenantId: string, businessId: string): Promise<DocumentBusiness> {
  const business = await repo.findBusinessForDocuments(tx, tenantId, businessId);
  if (!business) throw AppError.notFound();
  return documentBusinessOf(business);
}

/**
 * The PDF template asked for (one of the tenant's for the kind, else 422), else the user's default
 * for the kind while it still exists, else the tenant's default for the kind.
 */
export function templateFor(kind: 'invoice' | 'estimate', wanted: string | null | undefined, userSettings: Record<string, string | null> | null, templates: PdfTemplateChoices): string {
  if (wanted) {
    if (!templates.names.has(wanted)) throw AppError.validation('template_name', messages.invalidTemplate);
    return wanted;
  }
  const userDefault = userSettings?.[`default_${kind}_template`];
  if (userDefault && templates.names.has(userDefault)) return userDefault;
  return templates.defaultName;
}

/** `templateFor`, reading the user's settings only when no template is asked for. */
export async function chooseTemplate(tx: Tx, actor: AuditActor, kind: 'invoice' | 'estimate', wanted: string | null | undefined): Promise<string> {
  const userSettings = !wanted && actor.userId ? await repo.findUserSettings(tx, actor.tenantId, actor.userId) : null;
  return templateFor(kind, wanted, userSettings, await pdfTemplateChoices(tx, actor.tenantId, kind));
}

/** The PDF templates a document of the kind may choose, for its form (built-in and the tenant's, the default marked). */
export function pdfTemplateOptionsIn(db: AppDb, tenantId: string, kind: 'invoice' | 'estimate') {
  return inTenant(db, tenantId, (tx) => pdfTemplateOptions(tx, tenantId, kind));
}

/** What a new document reads once: its business, its customer (checked), the user's settings and the PDF templates it may use. */
export type NewDocumentContext = { owner: DocumentBusiness; customer: repo.DocumentCustomer; userSettings: Record<string, string | null> | null; templates: PdfTemplateChoices };

/**
 * One statement: the business (else 404), the customer (a live customer of the business, else a
 * 422 on customer_id) and, when the template is not named, the user's default templates.
 */
export async function loadNewDocumentContext(tx: Tx, actor: AuditActor, scope: BusinessScope, kind: 'invoice' | 'estimate', customerId: string, wantedTemplate: string | null | undefined): Promise<NewDocumentContext> {
  const found = await repo.findNewDocumentContext(tx, scope, kind, customerId, !wantedTemplate && actor.userId ? actor.userId : null);
  if (!found) throw AppError.notFound();
  const { business, customer, userSettings } = found;
  if (!customer || customer.archivedAt) throw AppError.validation('customer_id', messages.invalidCustomer);
  return { owner: documentBusinessOf(business), customer, userSettings, templates: pdfTemplateChoicesOf(kind, found.templates) };
}

/** What many new documents of one business read (an import's): the business, the customers they name, and the user's settings. */
export type NewDocumentsContext = { owner: DocumentBusiness; customers: ReadonlyMap<string, repo.DocumentCustomer>; userSettings: Record<string, string | null> | null; templates: PdfTemplateChoices };

/** `loadNewDocumentContext` for many documents: a customer that is not the business's (or is archived) is absent from `customers`. */
export async function loadNewDocumentsContext(tx: Tx, actor: AuditActor, scope: BusinessScope, customerIds: readonly string[]): Promise<NewDocumentsContext> {
  const owner = await loadDocumentBusiness(tx, scope.tenantId, scope.businessId);
  const live = (await repo.findCustomersOfBusiness(tx, scope, [...new Set(customerIds)])).filter((customer) => !customer.archivedAt);
  const userSettings = actor.userId ? await repo.findUserSettings(tx, actor.tenantId, actor.userId) : null;
  const templates = await pdfTemplateChoices(tx, actor.tenantId, 'invoice');
  return { owner, customers: new Map(live.map((customer) => [customer.id, customer])), userSettings, templates };
}
