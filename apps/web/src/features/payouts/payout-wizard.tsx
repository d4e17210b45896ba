import { useState } from 'react';
import { Alert, Button, Group, Stack, Stepper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type PayoutOnboarding, type PayoutStepKey, payoutMessages, payoutStepKeys, payoutStepTitles, stepOfRequirement } from '@app/contracts';
import { errorText } from '../../lib/api-error';
import { paymentTokens } from '../../lib/payment-tokens';
import { BankAccountStep } from './bank-account-step';
import { DocumentsStep } from './documents-step';
import { type PayoutFormOutput, type PayoutFormValues, emptyPayoutForm, payoutFormSchema, stepRequest } from './payout-form';
import { type PayoutApiBase, useSubmitPayoutStep } from './payout-queries';
import { PayoutStepFields } from './payout-step-fields';

const order = (key: PayoutStepKey) => payoutStepKeys.indexOf(key);

/** The step to show after `from` was done: the next one in the spec's order still listed. */
function nextKey(onboarding: PayoutOnboarding, from: PayoutStepKey): PayoutStepKey {
  const later = onboarding.steps.find((step) => order(step.key) > order(from));
  return later?.key ?? 'review_details';
}

/** Where the wizard opens: the step the provider rejected something on, else the first one not done. */
function firstOpenKey(onboarding: PayoutOnboarding): PayoutStepKey {
  const rejected = onboarding.account?.errors.map((error) => stepOfRequirement(error.requirement)) ?? [];
  const toFix = onboarding.steps.find((step) => rejected.includes(step.key));
  return (toFix ?? onboarding.steps.find((step) => !step.completed) ?? onboarding.steps[onboarding.steps.length - 1])?.key ?? 'account_details';
}

/**
 * The payout wizard (spec sections 3-4): the steps are the server's (computed from what the provider
 * says is due; steps with nothing due are dropped), a step is marked complete on Next, and only
 * completed steps can be jumped to. Provider errors show on the step, in the provider's words.
 */
export function PayoutWizard({ base, onboarding }: { base: PayoutApiBase; onboarding: PayoutOnboarding }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 48em)');
  const [activeKey, setActiveKey] = useState<PayoutStepKey>(() => firstOpenKey(onboarding));
  const [error, setError] = useState<string | null>(null);
  const submit = useSubmitPayoutStep(base);
  const form = useForm<PayoutFormValues, unknown, PayoutFormOutput>({ resolver: zodResolver(payoutFormSchema), defaultValues: emptyPayoutForm });
  // The step on screen stays listed while the user is on it, even once the provider needs nothing more from it (a document just uploaded).
  const steps = onboarding.steps.some((item) => item.key === activeKey)
    ? onboarding.steps
    : [...onboarding.steps, { key: activeKey, title: payoutStepTitles[activeKey], required_fields: [], completed: false }].sort((a, b) => order(a.key) - order(b.key));
  const active = Math.max(
    steps.findIndex((step) => step.key === activeKey),
    0,
  );
  const step = steps[active];
  if (!step) return null;

  const advance = (answer: PayoutOnboarding, from: PayoutStepKey) => setActiveKey(from === 'review_details' ? 'review_details' : nextKey(answer, from));

  const onNext = form.handleSubmit(async (values) => {
    setError(null);
    if (step.key === 'review_details' && onboarding.terms_url && !values.tos_accepted) {
      form.setError('tos_accepted', { message: payoutMessages.termsRequired });
      return;
    }
    try {
      const publishableKey = onboarding.publishable_key ?? '';
      const body = await stepRequest(step.key, values, (idNumber) => paymentTokens(publishableKey, onboarding.provider_scripts.payment_provider).idNumberToken(idNumber));
      const { data } = await submit.mutateAsync(body);
      if (values.individual?.id_number) form.setValue('individual.id_number', '');
      advance(data, step.key);
    } catch (err) {
      setError(errorText(err, t('errors.generic'), t('errors.network')) ?? t('errors.generic'));
    }
  });

  const markBankDone = async () => {
    const { data } = await submit.mutateAsync({ step: 'bank_account' });
    advance(data, 'bank_account');
  };

  return (
    <FormProvider {...form}>
      <Stepper
        active={active}
        onStepClick={(index) => {
          const target = steps[index];
          if (target?.completed) setActiveKey(target.key);
        }}
        orientation={narrow ? 'vertical' : 'horizontal'}
        size="sm"
        wrap
      >
        {steps.map((item) => (
          <Stepper.Step key={item.key} label={t(`payouts.steps.${item.key}`)} allowStepSelect={item.completed} completedIcon={undefined} />
        ))}
      </Stepper>
      <Stack mt="lg" gap="md" component="section" aria-label={t(`payouts.steps.${step.key}`)}>
        {error && (
          <Alert color="red" role="alert" title={t('payouts.error_title')}>
            {error}
          </Alert>
        )}
        {step.key === 'bank_account' ? (
          <BankAccountStep base={base} onboarding={onboarding} onDone={() => void markBankDone().catch((err: unknown) => setError(errorText(err, t('errors.generic')) ?? t('errors.generic')))} />
        ) : (
          <form onSubmit={onNext} noValidate aria-label={t(`payouts.steps.${step.key}`)}>
            <Stack gap="md">
              {step.key === 'verify_documents' ? <DocumentsStep base={base} step={step} /> : <PayoutStepFields step={step} termsUrl={onboarding.terms_url} />}
              <Group justify="space-between">
                <Button variant="default" disabled={active === 0} onClick={() => setActiveKey(steps[active - 1]?.key ?? step.key)}>
                  {t('payouts.back')}
                </Button>
                <Button type="submit" loading={form.formState.isSubmitting}>
                  {step.key === 'review_details' ? t('payouts.submit') : t('payouts.next')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </FormProvider>
  );
}
