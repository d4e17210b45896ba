import type Stripe from 'stripe';
import { invalidParam, invalidRequest } from './errors.js';
import { formObject, formString, type FormObject } from './form.js';
import type { PersonRecord } from './records.js';

/** Resolves the ids and tokens a request refers to; each throws Stripe's error when the reference is bad. */
export type ParamResolver = {
  takeIdNumberToken(token: string, param: string): string;
  identityFile(id: string, param: string, purposes: readonly Stripe.File.Purpose[]): string;
};

/** Stripe reads an empty string as "unset". */
export function textOrNull(value: string): string | null {
  return value === '' ? null : value;
}

export function applyAddress(address: Stripe.Address, params: FormObject | undefined): void {
  if (params === undefined) return;
  for (const field of ['line1', 'line2', 'city', 'state', 'postal_code', 'country'] as const) {
    const value = formString(params[field]);
    if (value !== undefined) address[field] = textOrNull(value);
  }
}

function dobPart(value: string | undefined, param: string, max: number): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === '') return null;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > max) throw invalidRequest(`Invalid integer: ${value}`, { code: 'parameter_invalid_integer', param });
  return number;
}

function booleanParam(value: string | undefined): boolean | undefined {
  return value === undefined ? undefined : value === 'true';
}

/** The request field a person's value came in: `individual[dob][day]` on accounts, `dob[day]` on persons. */
function paramName(prefix: string, ...segments: string[]): string {
  const [first = '', ...rest] = prefix === '' ? segments : [prefix, ...segments];
  return first + rest.map((segment) => `[${segment}]`).join('');
}

/**
 * Applies `individual[…]` or person parameters. Supplying an ID number, its last 4 or a document starts the
 * asynchronous verification of that part, clearing the errors of an earlier failed check.
 */
export function applyPersonParams(record: PersonRecord, params: FormObject, paramPrefix: string, resolver: ParamResolver): void {
  const person = record.person;
  for (const field of ['first_name', 'last_name', 'email', 'phone'] as const) {
    const value = formString(params[field]);
    if (value !== undefined) person[field] = textOrNull(value);
  }
  const dob = formObject(params.dob);
  if (dob !== undefined) {
    const current = person.dob ?? { day: null, month: null, year: null };
    const day = dobPart(formString(dob.day), paramName(paramPrefix, 'dob', 'day'), 31);
    const month = dobPart(formString(dob.month), paramName(paramPrefix, 'dob', 'month'), 12);
    const year = dobPart(formString(dob.year), paramName(paramPrefix, 'dob', 'year'), 9999);
    person.dob = { day: day === undefined ? current.day : day, month: month === undefined ? current.month : month, year: year === undefined ? current.year : year };
  }
  const address = formObject(params.address);
  if (address !== undefined) {
    person.address ??= { city: null, country: null, line1: null, line2: null, postal_code: null, state: null };
    applyAddress(person.address, address);
  }
  const ssnLast4 = formString(params.ssn_last_4);
  if (ssnLast4 !== undefined) {
    if (!/^\d{4}$/.test(ssnLast4)) throw invalidParam(paramName(paramPrefix, 'ssn_last_4'), 'The SSN last 4 must be 4 digits.');
    person.ssn_last_4_provided = true;
    restartIdentityCheck(record);
  }
  const idNumber = formString(params.id_number);
  if (idNumber !== undefined) {
    const param = paramName(paramPrefix, 'id_number');
    const value = idNumber.startsWith('pii_') ? resolver.takeIdNumberToken(idNumber, param) : idNumber;
    if (!/^\d{9}$/.test(value.replace(/-/g, ''))) throw invalidParam(param, 'Invalid ID number: a US ID number has 9 digits.');
    record.idNumber = value.replace(/-/g, '');
    person.id_number_provided = true;
    restartIdentityCheck(record);
  }
  const document = formObject(formObject(params.verification)?.document);
  if (document !== undefined) {
    const verification = person.verification ?? { status: 'unverified' };
    const current = verification.document ?? { back: null, details: null, details_code: null, front: null };
    for (const side of ['front', 'back'] as const) {
      const fileId = formString(document[side]);
      if (fileId !== undefined) current[side] = resolver.identityFile(fileId, paramName(paramPrefix, 'verification', 'document', side), ['identity_document']);
    }
    verification.document = { ...current, details: null, details_code: null };
    person.verification = verification;
    record.document = 'pending';
    record.failures = record.failures.filter((failure) => !failure.requirement.endsWith('verification.document'));
  }
  const relationship = formObject(params.relationship);
  if (relationship !== undefined) {
    const current = person.relationship ?? { authorizer: null, director: null, executive: null, legal_guardian: null, owner: null, percent_ownership: null, representative: null, title: null };
    for (const flag of ['director', 'executive', 'owner', 'representative'] as const) {
      const value = booleanParam(formString(relationship[flag]));
      if (value !== undefined) current[flag] = value;
    }
    const title = formString(relationship.title);
    if (title !== undefined) current.title = textOrNull(title);
    const percent = formString(relationship.percent_ownership);
    if (percent !== undefined) current.percent_ownership = percent === '' ? null : Number(percent);
    person.relationship = current;
  }
}

function restartIdentityCheck(record: PersonRecord): void {
  record.identity = 'pending';
  record.failures = record.failures.filter((failure) => failure.requirement.endsWith('verification.document'));
}
