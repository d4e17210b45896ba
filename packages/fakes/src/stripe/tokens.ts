import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import type { IssuedBankAccount } from '../bank-token-registry.js';
import { invalidRequest, missingParam, newId, nowSeconds } from './errors.js';
import { formObject, formString, type FormObject } from './form.js';
import { FAILING_ACCOUNT_NUMBER, type StoredToken } from './records.js';

/** Stripe's ACH test routing number, answered with its test bank's name. */
export const TEST_ROUTING_NUMBER = '110000000';

/** The ABA check: weights 3, 7, 1 over the nine digits, the sum a multiple of 10. */
export function isValidRoutingNumber(routingNumber: string): boolean {
  if (!/^\d{9}$/.test(routingNumber)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...routingNumber].reduce((total, digit, index) => total + Number(digit) * (weights[index] ?? 0), 0);
  return sum % 10 === 0;
}

function fingerprint(routingNumber: string, accountNumber: string): string {
  return createHash('sha256').update(`${routingNumber}:${accountNumber}`).digest('base64url').slice(0, 16);
}

type BankAccountFields = { routingNumber: string; last4: string; accountHolderName: string | null; accountHolderType: string | null; fingerprint: string; bankName: string | null };

function bankAccountObject(fields: BankAccountFields): Stripe.BankAccount {
  return {
    id: newId('ba'),
    object: 'bank_account',
    account_holder_name: fields.accountHolderName,
    account_holder_type: fields.accountHolderType,
    account_type: null,
    bank_name: fields.bankName,
    country: 'US',
    currency: 'usd',
    fingerprint: fields.fingerprint,
    last4: fields.last4,
    metadata: {},
    routing_number: fields.routingNumber,
    status: 'new',
  };
}

/** A bank account from `bank_account[…]` parameters, checked as Stripe checks US accounts. */
export function bankAccountFromParams(params: FormObject, paramPrefix: string): { bankAccount: Stripe.BankAccount; fails: boolean } {
  const country = formString(params.country);
  const currency = formString(params.currency);
  const routingNumber = formString(params.routing_number);
  const accountNumber = formString(params.account_number);
  if (country === undefined) throw missingParam(`${paramPrefix}[country]`);
  if (accountNumber === undefined) throw missingParam(`${paramPrefix}[account_number]`);
  if (country.toUpperCase() !== 'US' || (currency !== undefined && currency.toLowerCase() !== 'usd')) {
    throw invalidRequest('This fake supports US bank accounts in usd only.', { param: `${paramPrefix}[country]` });
  }
  if (routingNumber === undefined) throw missingParam(`${paramPrefix}[routing_number]`);
  if (!/^\d{9}$/.test(routingNumber)) throw invalidRequest('Routing number must have 9 digits', { code: 'routing_number_invalid', param: `${paramPrefix}[routing_number]` });
  if (!isValidRoutingNumber(routingNumber)) throw invalidRequest('Invalid routing number', { code: 'routing_number_invalid', param: `${paramPrefix}[routing_number]` });
  if (!/^\d{4,17}$/.test(accountNumber)) throw invalidRequest('Invalid account number', { code: 'account_number_invalid', param: `${paramPrefix}[account_number]` });
  const holderType = formString(params.account_holder_type) ?? null;
  if (holderType !== null && holderType !== 'individual' && holderType !== 'company') {
    throw invalidRequest('Invalid account_holder_type: must be one of individual or company', { param: `${paramPrefix}[account_holder_type]` });
  }
  const bankAccount = bankAccountObject({
    routingNumber,
    last4: accountNumber.slice(-4),
    accountHolderName: formString(params.account_holder_name) ?? null,
    accountHolderType: holderType,
    fingerprint: fingerprint(routingNumber, accountNumber),
    bankName: routingNumber === TEST_ROUTING_NUMBER ? 'STRIPE TEST BANK' : null,
  });
  return { bankAccount, fails: accountNumber === FAILING_ACCOUNT_NUMBER };
}

/** A bank account the fake Plaid verified; its last 4 decide the failing test account as the full number would. */
export function bankAccountFromIssued(issued: IssuedBankAccount): { bankAccount: Stripe.BankAccount; fails: boolean } {
  const bankAccount = bankAccountObject({
    routingNumber: issued.routingNumber,
    last4: issued.accountNumberLast4,
    accountHolderName: issued.accountHolderName,
    accountHolderType: issued.accountHolderType,
    fingerprint: fingerprint(issued.routingNumber, issued.accountNumberLast4),
    bankName: issued.bankName,
  });
  return { bankAccount, fails: issued.accountNumberLast4 === FAILING_ACCOUNT_NUMBER.slice(-4) };
}

/** POST /v1/tokens: exactly one of `pii`, `bank_account`, `account`, `person`. */
export function createToken(params: FormObject, clientIp: string, account: string | null): StoredToken {
  const base = { client_ip: clientIp, created: nowSeconds(), livemode: false, used: false, object: 'token' as const };
  const pii = formObject(params.pii);
  if (pii !== undefined) {
    const idNumber = formString(pii.id_number) ?? formString(pii.personal_id_number);
    if (idNumber === undefined || idNumber === '') throw missingParam('pii[id_number]');
    return { token: { ...base, id: newId('pii'), type: 'pii' }, payload: { kind: 'pii', idNumber }, account };
  }
  const bank = formObject(params.bank_account);
  if (bank !== undefined) {
    const { bankAccount, fails } = bankAccountFromParams(bank, 'bank_account');
    return { token: { ...base, id: newId('btok'), type: 'bank_account', bank_account: bankAccount }, payload: { kind: 'bank_account', bankAccount, fails }, account };
  }
  const accountParams = formObject(params.account);
  if (accountParams !== undefined) {
    return { token: { ...base, id: newId('ct'), type: 'account' }, payload: { kind: 'account', params: accountParams }, account };
  }
  const person = formObject(params.person);
  if (person !== undefined) {
    return { token: { ...base, id: newId('cpt'), type: 'person' }, payload: { kind: 'person', params: person }, account };
  }
  throw invalidRequest('You must supply either a card, customer, PII data, bank account, or account legal entity to create a token.');
}
