import { z } from 'zod';
import { type PayoutStepKey, type PayoutStepRequest, idNumberFieldSchema, payoutStepRequestSchema } from '@app/contracts';

/** The wizard's answers as typed: the contract's shape, plus the ID number Stripe.js tokenises before sending. */
export type PayoutFormValues = {
  business_type: '' | 'individual' | 'company';
  email: string;
  individual: {
    first_name: string;
    last_name: string;
    email: string;
    phone: string;
    dob: string;
    address: { line1: string; line2: string; city: string; state: string; postal_code: string };
    ssn_last_4: string;
    id_number: string;
  };
  company: { name: string; phone: string; address: { line1: string; line2: string; city: string; state: string; postal_code: string }; tax_id: string };
  business_profile: { mcc: string; url: string };
  tos_accepted: boolean;
};

const blankAddress = { line1: '', line2: '', city: '', state: '', postal_code: '' };
export const emptyPayoutForm: PayoutFormValues = {
  business_type: '',
  email: '',
  individual: { first_name: '', last_name: '', email: '', phone: '', dob: '', address: blankAddress, ssn_last_4: '', id_number: '' },
  company: { name: '', phone: '', address: blankAddress, tax_id: '' },
  business_profile: { mcc: '', url: '' },
  tos_accepted: false,
};

/** Blank answers are no answers: the provider keeps what it has. Objects left empty disappear too. */
export function withoutBlanks(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const entries = Object.entries(value)
    .map(([key, child]) => [key, withoutBlanks(child)] as const)
    .filter(([, child]) => child !== undefined);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** The contract checks every answer but the step (known from the stepper) and the raw ID number (checked here, never sent). */
export const payoutFormSchema = z.preprocess(
  (value: PayoutFormValues) => withoutBlanks(value) ?? {},
  payoutStepRequestSchema.omit({ step: true, bank_account_token: true }).extend({
    individual: payoutStepRequestSchema.shape.individual.unwrap().omit({ id_number_token: true }).extend({ id_number: idNumberFieldSchema.optional() }).optional(),
  }),
);
export type PayoutFormOutput = z.output<typeof payoutFormSchema>;

/** The request for one step, with the ID number replaced by its token (made by `tokenise`). */
export async function stepRequest(step: PayoutStepKey, values: PayoutFormOutput, tokenise: (idNumber: string) => Promise<string>): Promise<PayoutStepRequest> {
  const { individual, ...rest } = values;
  if (!individual) return { step, ...rest };
  const { id_number: idNumber, ...person } = individual;
  return { step, ...rest, individual: idNumber ? { ...person, id_number_token: await tokenise(idNumber.replace(/-/g, '')) } : person };
}
