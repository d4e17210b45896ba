import type { PayoutAccountState, PayoutStepRequest } from '@app/contracts';
import type { PayoutAccountRow, PayoutAccountSnapshot } from './payouts.repository';
import type { PayoutAccount, PayoutAccountUpdate } from '../../platform/providers/payment-provider';

/** What we keep of the provider's account: its state, never an ID number or a full bank account number. */
export function snapshotOf(account: PayoutAccount, asOf: Date): PayoutAccountSnapshot {
  const bank = account.externalAccounts.find((b) => b.defaultForCurrency) ?? account.externalAccounts[0] ?? null;
  const { disabledReason, ...requirements } = account.requirements;
  return {
    providerAccountId: account.id,
    businessType: account.businessType,
    chargesEnabled: account.chargesEnabled,
    payoutsEnabled: account.payoutsEnabled,
    detailsSubmitted: account.detailsSubmitted,
    requirements,
    disabledReason,
    tosAccepted: account.tosAccepted,
    bankLast4: bank?.last4 ?? null,
    bankName: bank?.bankName ?? null,
    stateAsOf: asOf,
  };
}

export function stateOf(row: PayoutAccountRow): PayoutAccountState {
  return {
    provider_account_id: row.providerAccountId,
    business_type: row.businessType,
    charges_enabled: row.chargesEnabled,
    payouts_enabled: row.payoutsEnabled,
    details_submitted: row.detailsSubmitted,
    currently_due: row.requirements.currentlyDue,
    past_due: row.requirements.pastDue,
    pending_verification: row.requirements.pendingVerification,
    errors: row.requirements.errors,
    disabled_reason: row.disabledReason,
    tos_accepted: row.tosAccepted,
    bank_account: row.bankLast4 ? { last4: row.bankLast4, bank_name: row.bankName } : null,
    updated_at: row.updatedAt.toISOString(),
  };
}

type Answers = Omit<PayoutStepRequest, 'step'>;

function address(input: NonNullable<NonNullable<Answers['individual']>['address']>) {
  return { line1: input.line1, line2: input.line2, city: input.city, state: input.state, postalCode: input.postal_code };
}

/**
 * One step's answers as the port's update; the terms acceptance carries who accepted, from where,
 * and when. An answer left out stays undefined, which the SDK does not send: the provider keeps its value.
 */
export function updateOf(answers: Answers, acceptance: { date: number; ip: string; userAgent: string | null }): PayoutAccountUpdate {
  const { individual, company, business_profile: profile } = answers;
  const dob = individual?.dob?.split('-').map(Number);
  return {
    businessType: answers.business_type,
    email: answers.email,
    individual: individual
      ? {
          firstName: individual.first_name,
          lastName: individual.last_name,
          email: individual.email,
          phone: individual.phone,
          dob: dob && dob.length === 3 ? { year: dob[0] ?? 0, month: dob[1] ?? 0, day: dob[2] ?? 0 } : undefined,
          address: individual.address ? address(individual.address) : undefined,
          ssnLast4: individual.ssn_last_4,
          idNumberToken: individual.id_number_token,
        }
      : undefined,
    company: company
      ? { name: company.name, phone: company.phone, address: company.address ? address(company.address) : undefined, taxId: company.tax_id }
      : undefined,
    businessProfile: profile ? { mcc: profile.mcc, url: profile.url } : undefined,
    tosAcceptance: answers.tos_accepted ? acceptance : undefined,
  };
}
