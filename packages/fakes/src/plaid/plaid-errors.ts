import { PlaidErrorType } from 'plaid';
import type { PlaidError } from 'plaid';

/**
 * Plaid's errors as Plaid words them (plaid.com/docs/errors): the type, the code, the developer
 * message; Plaid sends a null display message for all of these. Every error answers HTTP 400 but
 * the API error, which answers 500 as Plaid's does.
 */
const CATALOGUE = {
  INVALID_API_KEYS: { type: PlaidErrorType.InvalidInput, code: 'INVALID_API_KEYS', message: 'invalid client_id or secret provided' },
  MALFORMED_PUBLIC_TOKEN: {
    type: PlaidErrorType.InvalidInput,
    code: 'INVALID_PUBLIC_TOKEN',
    message: 'provided public token is in an invalid format. expected format: public-<environment>-<identifier>',
  },
  EXPIRED_PUBLIC_TOKEN: {
    // Plaid answers a used, unknown or expired public token with the same code and this message.
    type: PlaidErrorType.InvalidInput,
    code: 'INVALID_PUBLIC_TOKEN',
    message: 'provided public token is expired. Public tokens expire 30 minutes after creation at which point they can no longer be exchanged',
  },
  MALFORMED_ACCESS_TOKEN: {
    type: PlaidErrorType.InvalidInput,
    code: 'INVALID_ACCESS_TOKEN',
    message: 'provided access token is in an invalid format. expected format: access-<environment>-<identifier>',
  },
  UNKNOWN_ACCESS_TOKEN: { type: PlaidErrorType.InvalidInput, code: 'INVALID_ACCESS_TOKEN', message: 'could not find matching access token' },
  INVALID_ACCOUNT_ID: { type: PlaidErrorType.InvalidInput, code: 'INVALID_ACCOUNT_ID', message: 'One or more account_id(s) missing or deleted' },
  INVALID_LINK_TOKEN: {
    type: PlaidErrorType.InvalidInput,
    code: 'INVALID_LINK_TOKEN',
    message: 'provided link token is invalid or expired. link tokens expire 4 hours after creation',
  },
  INVALID_INSTITUTION: { type: PlaidErrorType.InvalidInput, code: 'INVALID_INSTITUTION', message: 'invalid institution_id provided' },
  ITEM_LOGIN_REQUIRED: {
    type: PlaidErrorType.ItemError,
    code: 'ITEM_LOGIN_REQUIRED',
    message:
      "the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information. use Link's update mode to restore the item to a good state",
  },
  ITEM_NOT_FOUND: { type: PlaidErrorType.ItemError, code: 'ITEM_NOT_FOUND', message: 'the requested item was not found' },
  INTERNAL_SERVER_ERROR: { type: PlaidErrorType.ApiError, code: 'INTERNAL_SERVER_ERROR', message: 'an unexpected error occurred' },
} as const satisfies Record<string, FakePlaidErrorSpec>;

export type FakePlaidErrorName = keyof typeof CATALOGUE;
/** An error of Plaid's shape; the type may be given as the enum member or its text ('INSTITUTION_ERROR'). */
export type FakePlaidErrorSpec = { type: `${PlaidErrorType}`; code: string; message: string; displayMessage?: string | null };
/** Plaid's error envelope as the SDK types it, the type read as its text. */
type PlaidErrorEnvelope = Omit<PlaidError, 'request_id' | 'error_type'> & { error_type: `${PlaidErrorType}` };

/** An error the fake answers with; the route handler turns it into Plaid's envelope. */
export class FakePlaidError extends Error {
  readonly httpStatus: number;
  readonly body: PlaidErrorEnvelope;

  /** A catalogued error, or any other (a test control's), with Plaid's null display message unless one is given. */
  constructor(error: FakePlaidErrorName | FakePlaidErrorSpec) {
    const entry: FakePlaidErrorSpec = typeof error === 'string' ? CATALOGUE[error] : error;
    super(entry.message);
    this.httpStatus = entry.type === PlaidErrorType.ApiError ? 500 : 400;
    this.body = {
      error_type: entry.type,
      error_code: entry.code,
      error_message: entry.message,
      display_message: entry.displayMessage ?? null,
      status: this.httpStatus,
      documentation_url: `https://plaid.com/docs/errors/`,
      suggested_action: null,
    };
  }

  /** A request missing required fields (Plaid's INVALID_REQUEST / MISSING_FIELDS). */
  static missingFields(fields: string[]): FakePlaidError {
    return new FakePlaidError({ type: PlaidErrorType.InvalidRequest, code: 'MISSING_FIELDS', message: `the following required fields are missing: ${fields.join(', ')}` });
  }

  /** A field with a value of the wrong kind (Plaid's INVALID_REQUEST / INVALID_FIELD). */
  static invalidField(message: string): FakePlaidError {
    return new FakePlaidError({ type: PlaidErrorType.InvalidRequest, code: 'INVALID_FIELD', message });
  }
}
