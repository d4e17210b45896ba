import { randomInt } from 'node:crypto';
import { type NextNumberResponse, type NumberedModel, type ResolvedBusinessSettings } from '@app/contracts';
import { type NumberComponent, defaultNumberFormats, formatDocumentNumber, parseNumberFormat, recurringInvoiceNumberFormat, sequenceScope, usesCustomerSequence } from '@app/domain';
import type { Tx } from '../../db/client';
import type { BusinessScope } from '../../platform/business-scope';
import * as repo from './documents.repository';

/** How many generated numbers may clash with numbers typed by hand before we give up. */
const MAX_ATTEMPTS = 1000;

export type NumberingConfig = { components: NumberComponent[]; yearlyReset: boolean };
/** `sequence` is null for a number typed by hand that the sequence did not produce. */
export type AllocatedNumber = { number: string; sequence: number | null; customerSequence: number | null };
export type NumberTaken = (number: string) => Promise<boolean>;

const componentsOf = (format: string) => (parseNumberFormat(format) as { ok: true; components: NumberComponent[] }).components;

/**
 * The business's format for a model; a stored format that no longer parses falls back to the
 * default. Recurring invoices have one fixed format (no setting), never reset yearly.
 */
export function numberingConfig(settings: ResolvedBusinessSettings, model: NumberedModel): NumberingConfig {
  if (model === 'recurring_invoice') return { components: componentsOf(recurringInvoiceNumberFormat), yearlyReset: false };
  const parsed = parseNumberFormat(settings[`${model}_number_format`]);
  const components = parsed.ok ? parsed.components : componentsOf(defaultNumberFormats[model]);
  return { components, yearlyReset: settings[`${model}_number_yearly_reset`] };
}

function randomDigits(length: number): string {
  let digits = '';
  for (let index = 0; index < length; index += 1) digits += String(randomInt(10));
  return digits;
}

/** A preview without a customer still shows a per-customer format, counted as a first document. */
function scopeKeys(config: NumberingConfig, date: string, customerId: string | null) {
  const perCustomer = usesCustomerSequence(config.components);
  return sequenceScope(config.components, { yearlyReset: config.yearlyReset, date, customerId: perCustomer ? (customerId ?? 'none') : null });
}

/** What the next generated number would be, without taking it (GET /next-number). */
export async function previewNumber(
  tx: Tx,
  scope: BusinessScope,
  model: NumberedModel,
  config: NumberingConfig,
  date: string,
  customerId: string | null,
  peek: (key: string) => Promise<number> = (key) => repo.peekSequence(tx, scope, model, key),
): Promise<NextNumberResponse> {
  const keys = scopeKeys(config, date, customerId);
  const sequence = await peek(keys.businessKey);
  const customerSequence = keys.customerKey ? await peek(`customer:${keys.customerKey}`) : null;
  return {
    next_number: formatDocumentNumber(config.components, { sequence, customerSequence: customerSequence ?? 1, date, randomDigits }),
    next_sequence_number: sequence,
    nextCustomerSequenceNumber: customerSequence,
  };
}

/**
 * Takes the next number. The sequence rows stay locked until the caller's transaction ends, so
 * concurrent creates queue up instead of sharing a number; a number typed by hand earlier that
 * happens to match is skipped.
 */
export async function allocateNumber(tx: Tx, scope: BusinessScope, model: NumberedModel, config: NumberingConfig, date: string, customerId: string | null, isTaken: NumberTaken): Promise<AllocatedNumber> {
  return allocateNumberInto(tx, scope, model, config, date, customerId, async (allocated) => ((await isTaken(allocated.number)) ? undefined : allocated));
}

/**
 * `allocateNumber` for a document stored already: `take` writes the number onto it unless another
 * document has it (answering undefined, and the next number is tried), so taking a free number
 * costs the sequence upsert and that one write.
 */
export async function allocateNumberInto<Taken>(
  tx: Tx,
  scope: BusinessScope,
  model: NumberedModel,
  config: NumberingConfig,
  date: string,
  customerId: string | null,
  take: (allocated: AllocatedNumber) => Promise<Taken | undefined>,
): Promise<Taken> {
  const keys = scopeKeys(config, date, customerId);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const sequence = await repo.bumpSequence(tx, scope, model, keys.businessKey);
    const customerSequence = keys.customerKey ? await repo.bumpSequence(tx, scope, model, `customer:${keys.customerKey}`) : null;
    const number = formatDocumentNumber(config.components, { sequence, customerSequence: customerSequence ?? 1, date, randomDigits });
    const taken = await take({ number, sequence, customerSequence });
    if (taken !== undefined) return taken;
  }
  throw new Error(`No free ${model} number after ${MAX_ATTEMPTS} attempts`);
}

/**
 * Whether any of these typed numbers is the one the sequence would hand out next, when it is
 * (`claimTypedNumber` then moves the sequence on, one document after another); each sequence row
 * is peeked once, however many documents share it.
 */
export async function anyTypedIsNext(tx: Tx, scope: BusinessScope, model: NumberedModel, config: NumberingConfig, entries: readonly { typed: string; date: string; customerId: string | null }[]): Promise<boolean> {
  const peeked = new Map<string, number>();
  const peek = async (key: string) => {
    const value = peeked.get(key) ?? (await repo.peekSequence(tx, scope, model, key));
    peeked.set(key, value);
    return value;
  };
  for (const entry of entries) {
    if ((await previewNumber(tx, scope, model, config, entry.date, entry.customerId, peek)).next_number === entry.typed) return true;
  }
  return false;
}

/**
 * A number the user typed. When it is exactly the number the sequence would hand out next, the
 * sequence moves on (the form prefilled it); any other free number is kept as typed.
 */
export async function claimTypedNumber(tx: Tx, scope: BusinessScope, model: NumberedModel, config: NumberingConfig, date: string, customerId: string | null, typed: string): Promise<AllocatedNumber> {
  const preview = await previewNumber(tx, scope, model, config, date, customerId);
  if (preview.next_number !== typed) return { number: typed, sequence: null, customerSequence: null };
  const keys = scopeKeys(config, date, customerId);
  const sequence = await repo.bumpSequence(tx, scope, model, keys.businessKey);
  const customerSequence = keys.customerKey ? await repo.bumpSequence(tx, scope, model, `customer:${keys.customerKey}`) : null;
  return { number: typed, sequence, customerSequence };
}
