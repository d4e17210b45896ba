import { type ResolvedBusinessSettings, messages } from '@app/contracts';
import type { Tx } from '../../db/client';
import type { AuditActor } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { listPdfTemplates } from '../../platform/pdf';
import { businessSettingsOf } from '../businesses/businesses.service';
import * as repo from './documents.repository';

/** What documents need of their issuing business: its resolved settings, name and currency. */
export type DocumentBusiness = { settings: ResolvedBusinessSettings; name: string; currencyId: number };

export async function loadDocumentBusiness(tx: Tx, tenantId: string, businessId: string): Promise<DocumentBusiness> {
  const business = await repo.findBusinessForDocuments(tx, tenantId, businessId);
  if (!business) throw AppError.notFound();
  return { settings: businessSettingsOf(business.id, business.settings), name: business.name, currencyId: business.currencyId };
}

/** The PDF template asked for (it must exist), else the user's default for the kind, else the kind's default. */
export async function chooseTemplate(tx: Tx, actor: AuditActor, kind: 'invoice' | 'estimate', wanted: string | null | undefined): Promise<string> {
  const templates = listPdfTemplates(kind);
  if (wanted) {
    if (!templates.some((template) => template.name === wanted)) throw AppError.validation('template_name', messages.invalidTemplate);
    return wanted;
  }
  const userDefault = actor.userId ? (await repo.findUserSettings(tx, actor.tenantId, actor.userId))[`default_${kind}_template`] : null;
  if (userDefault && templates.some((template) => template.name === userDefault)) return userDefault;
  return (templates.find((template) => template.is_default) ?? templates[0])?.name ?? `${kind}1`;
}
