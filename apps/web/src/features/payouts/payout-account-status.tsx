import { Alert, Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type PayoutOnboarding, stepOfRequirement } from '@app/contracts';

/** The provider's names (`individual.dob.day`, `person_1Abc.first_name`) as i18n keys: dots would nest. */
const keyOf = (name: string) => name.replace(/^person_[A-Za-z0-9]+\./, 'representative.').replace(/\./g, '_');
/** A name the labels do not know, readable: its last part, spaced ("verification document"). */
const readable = (name: string) => name.split('.').slice(-2).join(' ').replace(/_/g, ' ');

/** What the provider says about the account: charges and payouts on or off, what is due, and why it is disabled. */
export function PayoutAccountStatus({ onboarding }: { onboarding: PayoutOnboarding }) {
  const { t } = useTranslation();
  const account = onboarding.account;
  if (!account) return <Text size="sm">{t('payouts.status.none')}</Text>;
  const label = (requirement: string) => t(`payouts.requirements.${keyOf(requirement)}`, { defaultValue: readable(requirement) });
  // Several of the provider's names are one field here (the three parts of a date of birth).
  const due = [...new Set([...account.past_due, ...account.currently_due].map(label))];
  const yesNo = (on: boolean) => (
    <Badge color={on ? 'teal' : 'gray'} variant="light">
      {on ? t('payouts.status.enabled') : t('payouts.status.not_enabled')}
    </Badge>
  );
  return (
    <Card withBorder component="section" aria-labelledby="payout-status-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="payout-status-title">
          {t('payouts.status.title')}
        </Title>
        <Group gap="xl" wrap="wrap">
          <Group gap="xs">
            <Text size="sm">{t('payouts.status.charges')}</Text>
            {yesNo(account.charges_enabled)}
          </Group>
          <Group gap="xs">
            <Text size="sm">{t('payouts.status.payouts')}</Text>
            {yesNo(account.payouts_enabled)}
          </Group>
        </Group>
        {account.disabled_reason && <Text size="sm">{t('payouts.status.disabled_reason', { reason: t(`payouts.disabled_reasons.${keyOf(account.disabled_reason)}`, { defaultValue: readable(account.disabled_reason) }) })}</Text>}
        {account.errors.length > 0 && (
          <Alert color="red" title={t('payouts.status.errors')} role="alert">
            <List size="sm">
              {account.errors.map((error) => (
                <List.Item key={`${error.requirement}:${error.code}`}>
                  {error.reason} {t('payouts.status.fix_on', { step: t(`payouts.steps.${stepOfRequirement(error.requirement)}`) })}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        {due.length > 0 ? (
          <Text size="sm">{t('payouts.status.due', { fields: due.join(', ') })}</Text>
        ) : (
          <Text size="sm">{account.pending_verification.length > 0 ? t('payouts.status.pending') : t('payouts.status.nothing_due')}</Text>
        )}
        {account.bank_account && <Text size="sm">{t('payouts.bank.current', { name: account.bank_account.bank_name ?? t('payouts.bank.account'), last4: account.bank_account.last4 })}</Text>}
      </Stack>
    </Card>
  );
}
