import { AccountSubtype, AccountType } from 'plaid';

/** Plaid's sandbox bank, the one `/sandbox/public_token/create` documents for Auth. */
export const SANDBOX_INSTITUTION = { institutionId: 'ins_109508', name: 'First Platypus Bank' } as const;

/** The routing number Stripe's test mode accepts for US bank accounts. */
export const STRIPE_TEST_ROUTING_NUMBER = '110000000';

export type SandboxAccountTemplate = {
  name: string;
  officialName: string;
  mask: string;
  subtype: AccountSubtype.Checking | AccountSubtype.Savings;
  /** Minor units (cents), as the bank reports them; Plaid's wire format turns them into dollars. */
  availableCents: number;
  currentCents: number;
  /**
   * Stripe's documented test account numbers, so a processor token handed to Stripe behaves as
   * Stripe's test mode says: the checking account pays out, the savings account's payouts fail.
   * The mask stays Plaid's sandbox mask: Plaid's mask is what the bank displays, not always the
   * last digits of the ACH number.
   */
  accountNumber: string;
  wireRouting: string;
};

/** The depository accounts of Plaid's sandbox user (`user_good`), the ones Auth covers. */
export const SANDBOX_ACCOUNTS: readonly SandboxAccountTemplate[] = [
  {
    name: 'Plaid Checking',
    officialName: 'Plaid Gold Standard 0% Interest Checking',
    mask: '0000',
    subtype: AccountSubtype.Checking,
    availableCents: 100_00,
    currentCents: 110_00,
    accountNumber: '000123456789',
    wireRouting: '021000021',
  },
  {
    name: 'Plaid Saving',
    officialName: 'Plaid Silver Standard 0.1% Interest Saving',
    mask: '1111',
    subtype: AccountSubtype.Savings,
    availableCents: 200_00,
    currentCents: 210_00,
    accountNumber: '000111111116',
    wireRouting: '021000021',
  },
];

export const SANDBOX_ACCOUNT_TYPE = AccountType.Depository;
