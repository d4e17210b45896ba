import type Stripe from 'stripe';
import type { FormObject } from './form.js';

/** Where the asynchronous check of an identity (ID number, last 4) or a document stands. */
export type VerificationState = 'none' | 'pending' | 'verified' | 'failed';
export type VerificationFailure = { code: Stripe.Account.Requirements.Error.Code; reason: string; requirement: string };

/** A person as the fake holds it: Stripe's object plus what Stripe keeps to itself (the ID number decides the test outcome). */
export type PersonRecord = {
  person: Stripe.Person;
  idNumber: string | null;
  identity: VerificationState;
  document: VerificationState;
  failures: VerificationFailure[];
};

export type StoredAccount = {
  account: Stripe.Account;
  individual: PersonRecord | null;
  persons: PersonRecord[];
  bankAccounts: Stripe.BankAccount[];
  /** `documents[proof_of_ultimate_beneficial_ownership][files][]`: write-only on Stripe, so kept beside the account. */
  ownershipDocuments: string[];
  /** Set by the test control: the next verification of this account fails with this error. */
  forcedFailure: { code: Stripe.Account.Requirements.Error.Code; reason: string } | null;
};

/** The upload's bytes are checked and dropped: nothing reads them back (there is no contents route). */
export type StoredFile = { file: Stripe.File; account: string | null };

export type TokenPayload =
  | { kind: 'pii'; idNumber: string }
  | { kind: 'bank_account'; bankAccount: Stripe.BankAccount; fails: boolean }
  | { kind: 'account'; params: FormObject }
  | { kind: 'person'; params: FormObject };

export type StoredToken = { token: Stripe.Token; payload: TokenPayload; account: string | null };

/** Stripe's test bank account that attaches and then fails (`account_closed` on the first payout). */
export const FAILING_ACCOUNT_NUMBER = '000111111116';
/** Stripe's test ID number that fails verification (`111111111`); any other 9 digits, such as `000000000`, pass. */
export const FAILING_ID_NUMBER = '111111111';
/** Stripe's test address line that fails the address match; `address_full_match` passes. */
export const FAILING_ADDRESS_LINE1 = 'address_no_match';

export function emptyAddress(): Stripe.Address {
  return { city: null, country: null, line1: null, line2: null, postal_code: null, state: null };
}

export function newPerson(id: string, account: string, created: number): Stripe.Person {
  return {
    id,
    object: 'person',
    account,
    created,
    address: emptyAddress(),
    dob: { day: null, month: null, year: null },
    email: null,
    first_name: null,
    last_name: null,
    phone: null,
    id_number_provided: false,
    ssn_last_4_provided: false,
    metadata: {},
    relationship: { authorizer: null, director: false, executive: false, legal_guardian: null, owner: false, percent_ownership: null, representative: false, title: null },
    verification: {
      additional_document: { back: null, details: null, details_code: null, front: null },
      details: null,
      details_code: null,
      document: { back: null, details: null, details_code: null, front: null },
      status: 'unverified',
    },
  };
}

export function newPersonRecord(person: Stripe.Person): PersonRecord {
  return { person, idNumber: null, identity: 'none', document: 'none', failures: [] };
}
