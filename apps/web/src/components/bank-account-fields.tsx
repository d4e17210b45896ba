import { Radio, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BankAccountDetails } from '../lib/payment-tokens';

export type BankAccountErrors = Partial<Record<'accountHolderName' | 'routingNumber' | 'accountNumber', string>>;

export const emptyBankAccount: BankAccountDetails = { accountHolderName: '', routingNumber: '', accountNumber: '', accountHolderType: 'individual' };

/**
 * The shape checks a payer gets before the provider sees the numbers (a US routing number is 9
 * digits, an account number 4 to 17); the provider checks the rest and its message is shown. The
 * numbers go to the provider's script only, never to our server.
 */
export function bankAccountErrors(details: BankAccountDetails, t: (key: string) => string): BankAccountErrors {
  const errors: BankAccountErrors = {};
  if (details.accountHolderName.trim() === '') errors.accountHolderName = t('online_payments.bank.holder_name_required');
  if (!/^\d{9}$/.test(details.routingNumber)) errors.routingNumber = t('online_payments.bank.routing_number_invalid');
  if (!/^\d{4,17}$/.test(details.accountNumber)) errors.accountNumber = t('online_payments.bank.account_number_invalid');
  return errors;
}

/**
 * A US bank account typed by hand: holder, routing and account number, and who holds it, with the
 * debit mandate the payer accepts by paying (or `mandate`, the words of another one: saving it).
 */
export function BankAccountFields({
  value,
  errors,
  onChange,
  business,
  amount,
  mandate,
  disabled,
}: {
  value: BankAccountDetails;
  errors: BankAccountErrors;
  onChange(next: BankAccountDetails): void;
  business: string;
  amount: string;
  mandate?: string;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const digits = (text: string) => text.replace(/\D/g, '');
  return (
    <Stack gap="sm">
      <TextInput
        label={t('online_payments.bank.holder_name')}
        autoComplete="name"
        required
        disabled={disabled}
        value={value.accountHolderName}
        error={errors.accountHolderName}
        onChange={(event) => onChange({ ...value, accountHolderName: event.currentTarget.value })}
      />
      <Radio.Group label={t('online_payments.bank.holder_type')} value={value.accountHolderType} onChange={(type) => onChange({ ...value, accountHolderType: type === 'company' ? 'company' : 'individual' })}>
        <Group mt={4}>
          <Radio value="individual" label={t('online_payments.bank.individual')} disabled={disabled} />
          <Radio value="company" label={t('online_payments.bank.company')} disabled={disabled} />
        </Group>
      </Radio.Group>
      <TextInput
        label={t('online_payments.bank.routing_number')}
        inputMode="numeric"
        autoComplete="off"
        required
        maxLength={9}
        disabled={disabled}
        value={value.routingNumber}
        error={errors.routingNumber}
        onChange={(event) => onChange({ ...value, routingNumber: digits(event.currentTarget.value) })}
      />
      <TextInput
        label={t('online_payments.bank.account_number')}
        inputMode="numeric"
        autoComplete="off"
        required
        maxLength={17}
        disabled={disabled}
        value={value.accountNumber}
        error={errors.accountNumber}
        onChange={(event) => onChange({ ...value, accountNumber: digits(event.currentTarget.value) })}
      />
      <Text size="xs" c="dimmed">
        {mandate ?? t('online_payments.bank.mandate', { business, amount })}
      </Text>
    </Stack>
  );
}
