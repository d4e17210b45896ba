import { type ResolvedBusinessSettings, messages } from '@app/contracts';
import type { Tx } from '../../db/client';
import type { AuditActor } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { AppError } from '../../platform/errors';
import { listPdfTemplates } from '../../platform/pdf';
import { businessSettingsOf } from '../businesses/businesses.service';
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

/** The PDF template asked for (it must exist), else the user's default for the kind, else the kind's default. */
export function templateFor(kind: 'invoice' | 'estimate', wanted: string | null | undefined, userSettings: Record<string, string | null> | null): string {
  const templates = listPdfTemplates(kind);
  if (wanted) {
    if (!templates.some((template) => template.name === wanted)) throw AppError.validation('template_name', messages.invalidTemplate);
    return wanted;
  }
  const userDefault = userSettings?.[`default_${kind}_template`];
  if (userDefault && templates.some((template) => template.name === userDefault)) return userDefault;
  return (templates.find((template) => template.is_default) ?? templates[0])?.name ?? `${kind}1`;
}

/** `templateFor`, reading the user's settings only when no template is asked for. */
export async function chooseTemplate(tx: Tx, actor: AuditActor, kind: 'invoice' | 'estimate', wanted: string | null | undefined): Promise<string> {
  const userSettings = !wanted && actor.userId ? await repo.findUserSettings(tx, actor.tenantId, actor.userId) : null;
  return templateFor(kind, wanted, userSettings);
}

/** What a new document reads once: its business, its customer (checked) and the user's settings. */
export type NewDocumentContext = { owner: DocumentBusiness; customer: repo.DocumentCustomer; userSettings: Record<string, string | null> | null };

/**
 * One statement: the business (else 404), the customer (a live customer of the business, else a
 * 422 on customer_id) and, when the template is not named, the user's default templates.
 */
export async function loadNewDocumentContext(tx: Tx, actor: AuditActor, scope: BusinessScope, customerId: string, wantedTemplate: string | null | undefined): Promise<NewDocumentContext> {
  const found = await repo.findNewDocumentContext(tx, scope, customerId, !wantedTemplate && actor.userId ? actor.userId : null);
  if (!found) throw AppError.notFound();
  const { business, customer, userSettings } = found;
  if (!customer || customer.archivedAt) throw AppError.validation('customer_id', messages.invalidCustomer);
  return { owner: documentBusinessOf(business), customer, userSettings };
}

/** What many new documents of one business read (an import's): the business, the customers they name, and the user's settings. */
export type NewDocumentsContext = { owner: DocumentBusiness; customers: ReadonlyMap<string, repo.DocumentCustomer>; userSettings: Record<string, string | null> | null };

/** `loadNewDocumentContext` for many documents: a customer that is not the business's (or is archived) is absent from `customers`. */
export async function loadNewDocumentsContext(tx: Tx, actor: AuditActor, scope: BusinessScope, customerIds: readonly string[]): Promise<NewDocumentsContext> {
  const owner = await loadDocumentBusiness(tx, scope.tenantId, scope.businessId);
  const live = (await repo.findCustomersOfBusiness(tx, scope, [...new Set(customerIds)])).filter((customer) => !customer.archivedAt);
  const userSettings = actor.userId ? await repo.findUserSettings(tx, actor.tenantId, actor.userId) : null;
  return { owner, customers: new Map(live.map((customer) => [customer.id, customer])), userSettings };
}
