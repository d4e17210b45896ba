import { Checkbox, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller, type FieldPath, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PayoutStep } from '@app/contracts';
import { DateField } from '../../components/date-field';
import { ExternalLink } from '../../components/external-link';
import type { PayoutFormValues } from './payout-form';

type TextFieldPath = Exclude<FieldPath<PayoutFormValues>, 'tos_accepted' | 'business_type' | 'individual' | 'company' | 'business_profile' | 'individual.address' | 'company.address' | 'individual.dob'>;
type FieldSpec = { name: TextFieldPath; requirement: string; label: string; type?: 'email' | 'tel' | 'url'; secret?: boolean; inputMode?: 'numeric' };

const address = (owner: 'individual' | 'company'): FieldSpec[] => [
  { name: `${owner}.address.line1`, requirement: `${owner}.address.line1`, label: 'payouts.fields.line1' },
  { name: `${owner}.address.line2`, requirement: `${owner}.address.line1`, label: 'payouts.fields.line2' },
  { name: `${owner}.address.city`, requirement: `${owner}.address.city`, label: 'payouts.fields.city' },
  { name: `${owner}.address.state`, requirement: `${owner}.address.state`, label: 'payouts.fields.state' },
  { name: `${owner}.address.postal_code`, requirement: `${owner}.address.postal_code`, label: 'payouts.fields.postal_code' },
];

/** Each step's fields, shown when the provider asks for their requirement (or when revisiting a completed step). */
const TEXT_FIELDS: Partial<Record<PayoutStep['key'], FieldSpec[]>> = {
  account_details: [{ name: 'email', requirement: 'email', label: 'payouts.fields.business_email', type: 'email' }],
  user_details: [
    { name: 'individual.first_name', requirement: 'individual.first_name', label: 'payouts.fields.first_name' },
    { name: 'individual.last_name', requirement: 'individual.last_name', label: 'payouts.fields.last_name' },
    { name: 'individual.email', requirement: 'individual.email', label: 'payouts.fields.email', type: 'email' },
    { name: 'individual.phone', requirement: 'individual.phone', label: 'payouts.fields.phone', type: 'tel' },
    ...address('individual'),
    { name: 'individual.ssn_last_4', requirement: 'individual.ssn_last_4', label: 'payouts.fields.ssn_last_4', inputMode: 'numeric' },
    { name: 'individual.id_number', requirement: 'individual.id_number', label: 'payouts.fields.id_number', secret: true, inputMode: 'numeric' },
  ],
  company_details: [
    { name: 'company.name', requirement: 'company.name', label: 'payouts.fields.company_name' },
    { name: 'company.phone', requirement: 'company.phone', label: 'payouts.fields.company_phone', type: 'tel' },
    ...address('company'),
    { name: 'company.tax_id', requirement: 'company.tax_id', label: 'payouts.fields.tax_id' },
  ],
  business_information: [
    { name: 'business_profile.mcc', requirement: 'business_profile.mcc', label: 'payouts.fields.mcc', inputMode: 'numeric' },
    { name: 'business_profile.url', requirement: 'business_profile.url', label: 'payouts.fields.url', type: 'url' },
  ],
};

const asked = (step: PayoutStep, requirement: string) => step.completed || step.required_fields.some((r) => r === requirement || r.startsWith(`${requirement}.`));

function errorAt(errors: Record<string, unknown>, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  const message = typeof node === 'object' && node !== null ? (node as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : undefined;
}

/** The text, date and choice fields of one step, as the provider asks for them. */
export function PayoutStepFields({ step, termsUrl }: { step: PayoutStep; termsUrl: string | null }) {
  const { t } = useTranslation();
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<PayoutFormValues>();
  const fields = (TEXT_FIELDS[step.key] ?? []).filter((field) => asked(step, field.requirement));
  return (
    <Stack gap="sm">
      {step.key === 'account_details' && (
        <Controller
          control={control}
          name="business_type"
          render={({ field }) => (
            <Select
              label={t('payouts.fields.business_type')}
              required
              data={[
                { value: 'individual', label: t('payouts.fields.individual') },
                { value: 'company', label: t('payouts.fields.company') },
              ]}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              error={errors.business_type?.message}
            />
          )}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {fields.map((field) => (
          <TextInput
            key={field.name}
            label={t(field.label)}
            type={field.secret ? 'password' : (field.type ?? 'text')}
            inputMode={field.inputMode}
            autoComplete={field.secret ? 'off' : undefined}
            description={field.secret ? t('payouts.fields.tokenised') : undefined}
            error={errorAt(errors, field.name)}
            {...register(field.name)}
          />
        ))}
        {step.key === 'user_details' && asked(step, 'individual.dob') && (
          <Controller
            control={control}
            name="individual.dob"
            render={({ field }) => <DateField label={t('payouts.fields.dob')} value={field.value} onChange={field.onChange} error={errors.individual?.dob?.message} />}
          />
        )}
      </SimpleGrid>
      {step.key === 'review_details' && (
        <Stack gap="xs">
          {termsUrl && (
            <Text size="sm">
              {t('payouts.terms_link')} <ExternalLink url={termsUrl} />
            </Text>
          )}
          <Checkbox label={t('payouts.fields.tos_accepted')} error={errors.tos_accepted?.message} {...register('tos_accepted')} />
        </Stack>
      )}
    </Stack>
  );
}
