import { Suspense, lazy, useState } from 'react';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDocumentMoney } from '../lib/money';
import type { PayFormProps } from './pay-form';

const PayForm = lazy(() => Promise.all([import('./pay-form'), import('./pay-form-styles')]).then(([module]) => ({ default: module.PayForm })));

/**
 * The pay form behind its Pay button, loaded when the payer presses it (issue 17): the form, the
 * provider's card script loader, the bank account fields and the bank-link module are ~30 kB gzip
 * the public page need not load before. Until then this draws what the form draws while idle (its
 * title and the Pay button), the button loading while the form comes. The form is loaded at once
 * when it shows something else (open at once, a bank payment processing or awaiting its
 * microdeposit code, payments unavailable, nothing left to pay), and stays once loaded, so its own
 * state (a payment just made) is kept.
 */
export function PayFormOnDemand(props: PayFormProps) {
  const { t } = useTranslation();
  const [pressed, setPressed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const { options, dueAmount, currencyId, texts, processing, openAtOnce = false, payable = true } = props;
  const needed = pressed || openAtOnce || processing !== null || options.bank_verification !== null || !options.available || !payable;
  if (needed && !loaded) setLoaded(true);

  const shell = (loading: boolean) => (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="pay-form-title">
      <Stack>
        <Title order={2} fz="h5" id="pay-form-title">
          {texts?.title ?? t('online_payments.title')}
        </Title>
        <Group>
          <Button loading={loading} onClick={() => setPressed(true)}>
            {texts ? texts.open(formatDocumentMoney(dueAmount, currencyId)) : t('online_payments.pay_button', { amount: formatDocumentMoney(dueAmount, currencyId) })}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
  if (!loaded && !needed) return shell(false);
  return (
    <Suspense fallback={shell(true)}>
      <PayForm {...props} openAtOnce={openAtOnce || pressed} />
    </Suspense>
  );
}
