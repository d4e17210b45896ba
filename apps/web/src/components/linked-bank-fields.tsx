import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/api-error';
import { type LinkedBank, openBankLink } from '../lib/bank-link';

export type LinkedBankChoice = { linked: LinkedBank | null; holderName: string };
export const emptyLinkedBank: LinkedBankChoice = { linked: null, holderName: '' };

/**
 * "Link your bank": Plaid Link opens with a link token our server made for this invoice, and the
 * account the payer chose is shown (bank, account, last four) with the name on the account and the
 * debit mandate the payer accepts by paying. Only Link's public token reaches our server, at Pay.
 */
export function LinkedBankFields({ value, onChange, linkToken, scriptUrl, business, amount, disabled, holderError }: {
  value: LinkedBankChoice;
  onChange(next: LinkedBankChoice): void;
  linkToken(): Promise<string>;
  scriptUrl: string | null;
  business: string;
  amount: string;
  disabled: boolean;
  holderError: string | null;
}) {
  const { t } = useTranslation();
  const [linking, setLinking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const failed = t('online_payments.bank.link_failed');

  async function link() {
    setError(null);
    setLinking(true);
    try {
      const chosen = await openBankLink(await linkToken(), scriptUrl);
      if (chosen) onChange({ ...value, linked: chosen });
    } catch (caught) {
      setError(errorText(caught, failed) ?? failed);
    } finally {
      setLinking(false);
    }
  }

  const linked = value.linked;
  return (
    <Stack gap="sm">
      {linked ? (
        <Paper withBorder p="sm" radius="sm" aria-label={t('online_payments.bank.linked_title')} role="group">
          <Group justify="space-between" gap="xs">
            <div>
              <Text fw={500}>{linked.institutionName ?? t('online_payments.bank.linked_title')}</Text>
              <Text size="sm" c="dimmed">
                {linked.mask ? t('online_payments.bank.linked_account', { account: linked.accountName, last4: linked.mask }) : linked.accountName}
              </Text>
            </div>
            <Button variant="subtle" onClick={() => void link()} loading={linking} disabled={disabled}>
              {t('online_payments.bank.link_another')}
            </Button>
          </Group>
        </Paper>
      ) : (
        <Group>
          <Button variant="default" onClick={() => void link()} loading={linking} disabled={disabled}>
            {t('online_payments.bank.link_button')}
          </Button>
        </Group>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {linked && (
        <>
          <TextInput
            label={t('online_payments.bank.holder_name')}
            autoComplete="name"
            required
            disabled={disabled}
            value={value.holderName}
            error={holderError}
            onChange={(event) => onChange({ ...value, holderName: event.currentTarget.value })}
          />
          <Text size="xs" c="dimmed">
            {t('online_payments.bank.mandate', { business, amount })}
          </Text>
        </>
      )}
    </Stack>
  );
}
