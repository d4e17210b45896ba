import { type ReactNode, useState } from 'react';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/api-error';

/** The shape of the provider's code: six letters or digits starting with SM. */
const CODE = /^SM[A-Z0-9]{4}$/;

/**
 * The step after a bank account typed by hand: the payment provider sends it a 0.01 deposit whose
 * statement description holds a six-character code starting with SM, and the payer proves the
 * account is theirs by entering it (Stripe's microdeposits). `verify` sends the code to the
 * provider and throws with its message for a wrong one; the payer may try again. `outcome` says
 * what happens once verified (the debit starts, or the account is saved); `later` how to come back.
 */
export function MicrodepositVerification({
  outcome,
  later,
  verify,
  anotherWay,
}: {
  outcome: string;
  later?: ReactNode;
  verify(code: string): Promise<void>;
  anotherWay?: { label: string; onClick(): void };
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const failedText = t('online_payments.bank.verify.failed');

  async function submit() {
    const typed = code.trim().toUpperCase();
    if (!CODE.test(typed)) return setError(t('online_payments.bank.verify.code_invalid'));
    setError(null);
    setBusy(true);
    try {
      await verify(typed);
    } catch (caught) {
      setError(errorText(caught, failedText) ?? failedText);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="microdeposit-title">
      <Title order={3} fz="h6" id="microdeposit-title">
        {t('online_payments.bank.verify.title')}
      </Title>
      <Text size="sm">{t('online_payments.bank.verify.explanation')}</Text>
      <Text size="sm">{outcome}</Text>
      {later}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('online_payments.bank.verify.code')}
            description={t('online_payments.bank.verify.code_hint')}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={6}
            required
            value={code}
            error={error}
            // The provider's answer (a wrong code, the tries left) is read out as it appears.
            errorProps={{ role: 'alert' }}
            disabled={busy}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
          <Group>
            <Button type="submit" loading={busy}>
              {t('online_payments.bank.verify.submit')}
            </Button>
            {anotherWay && (
              <Button variant="default" onClick={anotherWay.onClick} disabled={busy}>
                {anotherWay.label}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
