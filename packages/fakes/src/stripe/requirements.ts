import type Stripe from 'stripe';
import { newPerson, newPersonRecord, type PersonRecord, type StoredAccount } from './records.js';

/** The fields Stripe asks of a person, as dotted paths under the person's prefix. */
function personFieldsDue(record: PersonRecord, prefix: string): string[] {
  const person = record.person;
  const due: string[] = [];
  if (!person.first_name) due.push(`${prefix}.first_name`);
  if (!person.last_name) due.push(`${prefix}.last_name`);
  if (!person.email) due.push(`${prefix}.email`);
  if (!person.phone) due.push(`${prefix}.phone`);
  if (!person.dob?.day) due.push(`${prefix}.dob.day`);
  if (!person.dob?.month) due.push(`${prefix}.dob.month`);
  if (!person.dob?.year) due.push(`${prefix}.dob.year`);
  if (!person.address?.line1) due.push(`${prefix}.address.line1`);
  if (!person.address?.city) due.push(`${prefix}.address.city`);
  if (!person.address?.state) due.push(`${prefix}.address.state`);
  if (!person.address?.postal_code) due.push(`${prefix}.address.postal_code`);
  // The last 4 suffice until verification fails; then Stripe wants the full number.
  const identityFailed = record.identity === 'failed';
  if (!person.ssn_last_4_provided && !person.id_number_provided) due.push(`${prefix}.ssn_last_4`);
  if (identityFailed) due.push(`${prefix}.id_number`);
  if (!person.verification?.document?.front || record.document === 'failed') due.push(`${prefix}.verification.document`);
  return due;
}

function personPending(record: PersonRecord, prefix: string): string[] {
  const pending: string[] = [];
  if (record.identity === 'pending') pending.push(record.person.id_number_provided ? `${prefix}.id_number` : `${prefix}.ssn_last_4`);
  if (record.document === 'pending') pending.push(`${prefix}.verification.document`);
  return pending;
}

function representativeOf(stored: StoredAccount): PersonRecord | undefined {
  return stored.persons.find((record) => record.person.relationship?.representative === true);
}

function fieldsDue(stored: StoredAccount): string[] {
  const account = stored.account;
  const due: string[] = [];
  if (!account.business_type) due.push('business_type');
  if (!account.business_profile?.mcc) due.push('business_profile.mcc');
  if (!account.business_profile?.url) due.push('business_profile.url');
  if (!stored.bankAccounts.some((bank) => bank.status !== 'errored')) due.push('external_account');
  if (!account.tos_acceptance?.date) due.push('tos_acceptance.date');
  if (!account.tos_acceptance?.ip) due.push('tos_acceptance.ip');
  if (account.business_type === 'individual' && stored.individual) due.push(...personFieldsDue(stored.individual, 'individual'));
  if (account.business_type === 'company') {
    const company = account.company;
    if (!company?.name) due.push('company.name');
    if (!company?.phone) due.push('company.phone');
    if (!company?.address?.line1) due.push('company.address.line1');
    if (!company?.address?.city) due.push('company.address.city');
    if (!company?.address?.state) due.push('company.address.state');
    if (!company?.address?.postal_code) due.push('company.address.postal_code');
    if (!company?.tax_id_provided) due.push('company.tax_id');
    if (stored.ownershipDocuments.length === 0) due.push('documents.proof_of_ultimate_beneficial_ownership.files');
    // Until a representative exists Stripe names their fields `representative.…`, then by the person's id.
    const representative = representativeOf(stored);
    if (representative) due.push(...personFieldsDue(representative, representative.person.id));
    else due.push(...personFieldsDue(newPersonRecord(newPerson('representative', account.id, 0)), 'representative'));
  }
  return due;
}

function pendingOf(stored: StoredAccount): string[] {
  const pending: string[] = [];
  if (stored.account.business_type === 'individual' && stored.individual) pending.push(...personPending(stored.individual, 'individual'));
  const representative = representativeOf(stored);
  if (stored.account.business_type === 'company' && representative) pending.push(...personPending(representative, representative.person.id));
  return pending;
}

function errorsOf(stored: StoredAccount): Stripe.Account.Requirements.Error[] {
  const records = [stored.individual, ...stored.persons].filter((record): record is PersonRecord => record !== null);
  return records.flatMap((record) => record.failures.map((failure) => ({ ...failure })));
}

/** Stripe asks for the full ID number later (at volume) even when the last 4 verified. */
function eventuallyDue(stored: StoredAccount, currentlyDue: string[]): string[] {
  const individual = stored.account.business_type === 'individual' ? stored.individual : null;
  const laterIdNumber = individual !== null && !individual.person.id_number_provided && !currentlyDue.includes('individual.id_number');
  return laterIdNumber ? [...currentlyDue, 'individual.id_number'] : [...currentlyDue];
}

/**
 * Recomputes `requirements`, the capabilities and the enabled flags from the data present, as Stripe does after
 * every change: the lists shrink as data arrives; fields under asynchronous check sit in `pending_verification`.
 */
export function refreshRequirements(stored: StoredAccount): void {
  const account = stored.account;
  const currentlyDue = fieldsDue(stored);
  const pending = pendingOf(stored);
  const errors = errorsOf(stored);
  const enabled = currentlyDue.length === 0 && pending.length === 0 && errors.length === 0;
  const disabledReason: Stripe.Account.Requirements.DisabledReason | null =
    currentlyDue.length > 0 ? 'requirements.past_due' : pending.length > 0 ? 'requirements.pending_verification' : null;
  account.requirements = {
    alternatives: [],
    current_deadline: null,
    // Stripe asks for everything needed to enable charges at once, so it is all past due on a new account.
    currently_due: currentlyDue,
    eventually_due: eventuallyDue(stored, currentlyDue),
    past_due: [...currentlyDue],
    pending_verification: pending,
    errors,
    disabled_reason: disabledReason,
  };
  account.charges_enabled = enabled;
  account.payouts_enabled = enabled;
  account.details_submitted = currentlyDue.length === 0;
  const status: Stripe.Account.Capabilities.CardPayments = enabled ? 'active' : pending.length > 0 && currentlyDue.length === 0 ? 'pending' : 'inactive';
  const capabilities: Stripe.Account.Capabilities = {};
  if (account.capabilities?.card_payments !== undefined) capabilities.card_payments = status;
  if (account.capabilities?.transfers !== undefined) capabilities.transfers = status;
  account.capabilities = capabilities;
}
