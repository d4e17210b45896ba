import { useState } from 'react';
import { Alert, Button, Divider, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type ManualBankAccountForm, type PayoutOnboarding, manualBankAccountFormSchema } from '@app/contracts';
import { errorText } from '../../lib/api-error';
import { openBankLink } from '../../lib/bank-link';
import { paymentTokens } from '../../lib/payment-tokens';
import { type PayoutApiBase, useBankLinkToken, useExchangeBankLink, useSubmitPayoutStep } from './payout-queries';

/**
 * The payout bank account: "Link your bank" through the bank-link provider, or routing and account
 * numbers typed here and tokenised by Stripe.js in the browser (the fallback). Either way our
 * server receives a `btok_…` token only.
 */
export function BankAccountStep({ base, onboarding, onDone }: { base: PayoutApiBase; onboarding: PayoutOnboarding; onDone: () => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [linking, setLinking] = useState(false);
  const linkToken = useBankLinkToken(base);
  const exchange = useExchangeBankLink(base);
  const submit = useSubmitPayoutStep(base);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ManualBankAccountForm, unknown, z.output<typeof manualBankAccountFormSchema>>({
    resolver: zodResolver(manualBankAccountFormSchema),
    defaultValues: { account_holder_name: '', routing_number: '', account_number: '' },
  });
  const shown = (err: unknown) => setError(errorText(err, t('errors.generic'), t('errors.network')) ?? t('errors.generic'));

  const linkBank = async () => {
    setError(null);
    setLinking(true);
    try {
      const { data } = await linkToken.mutateAsync();
      const linked = await openBankLink(data.link_token, onboarding.provider_scripts.bank_link);
      if (linked) {
        await exchange.mutateAsync({ public_token: linked.publicToken, account_id: linked.accountId });
        onDone();
      }
    } catch (err) {
      shown(err);
    } finally {
      setLinking(false);
    }
  };

  const onManual = handleSubmit(async (values) => {
    setError(null);
    const publishableKey = onboarding.publishable_key;
    if (!publishableKey) return;
    try {
      const token = await paymentTokens(publishableKey, onboarding.provider_scripts.payment_provider).bankAccountToken({
        routingNumber: values.routing_number,
        accountNumber: values.account_number,
        accountHolderName: values.account_holder_name,
        accountHolderType: onboarding.account?.business_type === 'company' ? 'company' : 'individual',
      });
      await submit.mutateAsync({ step: 'bank_account', bank_account_token: token });
      onDone();
    } catch (err) {
      shown(err);
    }
  });

  const bank = onboarding.account?.bank_account;
  return (
    <Stack gap="md">
      {bank && <Text size="sm">{t('payouts.bank.current', { name: bank.bank_name ?? t('payouts.bank.account'), last4: bank.last4 })}</Text>}
      {error && (
        <Alert color="red" role="alert" title={t('payouts.error_title')}>
          {error}
        </Alert>
      )}
      {onboarding.bank_link_available && (
        <>
          <Group>
            <Button onClick={() => void linkBank()} loading={linking}>
              {t('payouts.bank.link')}
            </Button>
          </Group>
          <Divider label={t('payouts.bank.or_manual')} labelPosition="center" />
        </>
      )}
      <form onSubmit={onManual} noValidate aria-label={t('payouts.bank.manual')}>
        <Stack gap="sm">
          <TextInput label={t('payouts.bank.holder')} required error={errors.account_holder_name?.message} {...register('account_holder_name')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('payouts.bank.routing')} required inputMode="numeric" autoComplete="off" error={errors.routing_number?.message} {...register('routing_number')} />
            <TextInput label={t('payouts.bank.account_number')} required inputMode="numeric" autoComplete="off" type="password" error={errors.account_number?.message} {...register('account_number')} />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t('payouts.fields.tokenised')}
          </Text>
          <Group>
            <Button type="submit" variant="light" loading={isSubmitting}>
              {t('payouts.bank.save_manual')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
