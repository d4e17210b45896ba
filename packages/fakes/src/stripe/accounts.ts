import type Stripe from 'stripe';
import { invalidParam, newId, nowSeconds } from './errors.js';
import { formObject, formString, formStrings, type FormObject } from './form.js';
import { applyAddress, applyPersonParams, textOrNull, type ParamResolver } from './persons.js';
import { emptyAddress, FAILING_ADDRESS_LINE1, FAILING_ID_NUMBER, newPerson, newPersonRecord, type PersonRecord, type StoredAccount } from './records.js';
import { refreshRequirements } from './requirements.js';

function accountType(controller: Stripe.Account.Controller | undefined, requested: string | undefined): Stripe.Account.Type {
  if (requested !== undefined) return requested;
  if (controller === undefined) return 'none';
  if (controller.stripe_dashboard?.type === 'express') return 'express';
  if (controller.stripe_dashboard?.type === 'full') return 'standard';
  return controller.requirement_collection === 'application' ? 'custom' : 'none';
}

function controllerFrom(params: FormObject | undefined): Stripe.Account.Controller | undefined {
  if (params === undefined) return undefined;
  const controller: Stripe.Account.Controller = { type: 'application', is_controller: true };
  const fees = formString(formObject(params.fees)?.payer);
  if (fees !== undefined) controller.fees = { payer: fees };
  const losses = formString(formObject(params.losses)?.payments);
  if (losses !== undefined) controller.losses = { payments: losses };
  const collection = formString(params.requirement_collection);
  if (collection !== undefined) controller.requirement_collection = collection;
  const dashboard = formString(formObject(params.stripe_dashboard)?.type);
  if (dashboard !== undefined) controller.stripe_dashboard = { type: dashboard };
  return controller;
}

/** A new connected account with nothing collected yet: every requirement is due. */
export function newStoredAccount(params: FormObject): StoredAccount {
  const controller = controllerFrom(formObject(params.controller));
  const account: Stripe.Account = {
    id: newId('acct'),
    object: 'account',
    business_profile: {
      mcc: null,
      minority_owned_business_designation: null,
      name: null,
      product_description: null,
      specified_commercial_transactions_act_url: null,
      support_address: null,
      support_email: null,
      support_phone: null,
      support_url: null,
      url: null,
    },
    business_type: null,
    capabilities: {},
    charges_enabled: false,
    controller,
    country: formString(params.country) ?? 'US',
    created: nowSeconds(),
    default_currency: formString(params.default_currency) ?? 'usd',
    details_submitted: false,
    email: null,
    metadata: {},
    payouts_enabled: false,
    tos_acceptance: { date: null, ip: null, user_agent: null },
    type: accountType(controller, formString(params.type)),
  };
  return { account, individual: null, persons: [], bankAccounts: [], ownershipDocuments: [], forcedFailure: null };
}

function ensureIndividual(stored: StoredAccount): PersonRecord {
  stored.individual ??= newPersonRecord(newPerson(newId('person'), stored.account.id, nowSeconds()));
  return stored.individual;
}

function ensureCompany(account: Stripe.Account): Stripe.Account.Company {
  account.company ??= {
    address: emptyAddress(),
    directors_provided: false,
    executives_provided: false,
    name: null,
    owners_provided: false,
    phone: null,
    tax_id_provided: false,
    verification: { document: { back: null, details: null, details_code: null, front: null } },
  };
  return account.company;
}

function applyCompany(account: Stripe.Account, params: FormObject, resolver: ParamResolver): void {
  const company = ensureCompany(account);
  for (const field of ['name', 'phone'] as const) {
    const value = formString(params[field]);
    if (value !== undefined) company[field] = textOrNull(value);
  }
  const address = formObject(params.address);
  if (address !== undefined) {
    company.address ??= emptyAddress();
    applyAddress(company.address, address);
  }
  const taxId = formString(params.tax_id);
  if (taxId !== undefined) {
    if (!/^\d{9}$/.test(taxId.replace(/-/g, ''))) throw invalidParam('company[tax_id]', 'Invalid tax ID: a US EIN has 9 digits.');
    company.tax_id_provided = true;
  }
  const document = formObject(formObject(params.verification)?.document);
  if (document !== undefined) {
    const current = company.verification?.document ?? { back: null, details: null, details_code: null, front: null };
    for (const side of ['front', 'back'] as const) {
      const fileId = formString(document[side]);
      if (fileId !== undefined) current[side] = resolver.identityFile(fileId, `company[verification][document][${side}]`, ['additional_verification', 'account_requirement']);
    }
    company.verification = { document: current };
  }
}

/** Applies create/update parameters other than `external_account`, which the caller attaches. */
export function applyAccountParams(stored: StoredAccount, params: FormObject, resolver: ParamResolver): void {
  const account = stored.account;
  const businessType = formString(params.business_type);
  if (businessType !== undefined) {
    if (!['individual', 'company', 'non_profit', 'government_entity'].includes(businessType)) {
      throw invalidParam('business_type', `Invalid business_type: must be one of individual, company, non_profit, or government_entity`);
    }
    account.business_type = businessType;
    if (businessType === 'individual') ensureIndividual(stored);
    if (businessType === 'company') ensureCompany(account);
  }
  const email = formString(params.email);
  if (email !== undefined) account.email = textOrNull(email);
  const profile = formObject(params.business_profile);
  if (profile !== undefined && account.business_profile) {
    for (const field of ['mcc', 'url', 'name', 'product_description', 'support_email', 'support_phone', 'support_url'] as const) {
      const value = formString(profile[field]);
      if (value !== undefined) account.business_profile[field] = textOrNull(value);
    }
  }
  const tos = formObject(params.tos_acceptance);
  if (tos !== undefined) {
    const current = account.tos_acceptance ?? { date: null, ip: null, user_agent: null };
    const date = formString(tos.date);
    if (date !== undefined) current.date = date === '' ? null : Number(date);
    const ip = formString(tos.ip);
    if (ip !== undefined) current.ip = textOrNull(ip);
    const userAgent = formString(tos.user_agent);
    if (userAgent !== undefined) current.user_agent = textOrNull(userAgent);
    account.tos_acceptance = current;
  }
  const capabilities = formObject(params.capabilities);
  if (capabilities !== undefined) {
    const current = account.capabilities ?? {};
    for (const name of ['card_payments', 'transfers'] as const) {
      const requested = formString(formObject(capabilities[name])?.requested);
      if (requested === 'true') current[name] = 'inactive';
      if (requested === 'false') delete current[name];
    }
    account.capabilities = current;
  }
  const individual = formObject(params.individual);
  if (individual !== undefined) applyPersonParams(ensureIndividual(stored), individual, 'individual', resolver);
  const company = formObject(params.company);
  if (company !== undefined) applyCompany(account, company, resolver);
  const ownership = formObject(formObject(params.documents)?.proof_of_ultimate_beneficial_ownership);
  if (ownership !== undefined) {
    stored.ownershipDocuments = formStrings(ownership.files).map((fileId, index) =>
      resolver.identityFile(fileId, `documents[proof_of_ultimate_beneficial_ownership][files][${index}]`, ['account_requirement']),
    );
  }
  const metadata = formObject(params.metadata);
  if (metadata !== undefined) {
    const current = { ...account.metadata };
    for (const [key, value] of Object.entries(metadata)) {
      if (typeof value !== 'string') continue;
      if (value === '') delete current[key];
      else current[key] = value;
    }
    account.metadata = current;
  }
  refreshRequirements(stored);
}

function verifyPerson(record: PersonRecord, prefix: string, forced: StoredAccount['forcedFailure']): void {
  if (record.identity === 'pending') {
    const idRequirement = `${prefix}.${record.person.id_number_provided ? 'id_number' : 'ssn_last_4'}`;
    if (forced !== null) {
      record.failures.push({ ...forced, requirement: idRequirement });
    } else if (record.idNumber === FAILING_ID_NUMBER) {
      record.failures.push({ code: 'verification_failed_id_number_match', reason: 'The ID number provided could not be verified.', requirement: idRequirement });
    } else if (record.person.address?.line1 === FAILING_ADDRESS_LINE1) {
      record.failures.push({ code: 'verification_failed_address_match', reason: 'The address provided could not be verified.', requirement: `${prefix}.address.line1` });
    }
    record.identity = record.failures.length > 0 ? 'failed' : 'verified';
  }
  if (record.document === 'pending') record.document = 'verified';
  const verification = record.person.verification ?? { status: 'unverified' };
  verification.status = record.identity === 'verified' && record.document === 'verified' ? 'verified' : 'unverified';
  if (record.identity === 'failed') verification.details = 'Provided identity information could not be verified';
  record.person.verification = verification;
}

/** Whether any part of the account waits on an asynchronous check. */
export function hasPendingVerification(stored: StoredAccount): boolean {
  return [stored.individual, ...stored.persons].some((record) => record !== null && (record.identity === 'pending' || record.document === 'pending'));
}

/** Finishes every pending check, failing it when a test value or the test control says so. */
export function completeVerification(stored: StoredAccount): void {
  const forced = stored.forcedFailure;
  if (stored.individual) verifyPerson(stored.individual, 'individual', forced);
  for (const record of stored.persons) verifyPerson(record, record.person.id, forced);
  stored.forcedFailure = null;
  refreshRequirements(stored);
}

/** Fails an identity that already verified (the test control on a settled account). */
export function failVerifiedIdentity(stored: StoredAccount, failure: NonNullable<StoredAccount['forcedFailure']>): void {
  const record = stored.individual ?? stored.persons.find((person) => person.person.relationship?.representative === true);
  if (record === undefined) return;
  const prefix = record === stored.individual ? 'individual' : record.person.id;
  record.identity = 'failed';
  record.failures.push({ ...failure, requirement: `${prefix}.${record.person.id_number_provided ? 'id_number' : 'ssn_last_4'}` });
  refreshRequirements(stored);
}

/** The account as the API shows it: the individual and the external accounts inlined, as Stripe does for accounts a platform controls. */
export function accountView(stored: StoredAccount): Stripe.Account {
  const account: Stripe.Account = structuredClone(stored.account);
  if (stored.account.business_type === 'individual' && stored.individual) account.individual = structuredClone(stored.individual.person);
  account.external_accounts = {
    object: 'list',
    data: structuredClone(stored.bankAccounts),
    has_more: false,
    url: `/v1/accounts/${stored.account.id}/external_accounts`,
  };
  return account;
}
