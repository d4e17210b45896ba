import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OutstandingBalance } from '@app/contracts';
import { LabelledValue } from '../../../components/labelled-value';
import { formatCodeMoney } from '../../../lib/money';
import { BalanceSplitChart } from './balance-split-chart';

/** One card per currency: what is still owed (principal, fee, total, from the ledger) and how it splits. */
export function OutstandingBalances({ balances }: { balances: readonly OutstandingBalance[] }) {
  const { t } = useTranslation();
  if (balances.length === 0) {
    return (
      <Text c="dimmed" py="md">
        {t('financing.balance.none')}
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, md: balances.length > 1 ? 2 : 1 }}>
      {balances.map((balance) => {
        const money = (minor: number) => formatCodeMoney(minor, balance.currency_code);
        return (
          <Card key={balance.currency_code} withBorder radius="md" padding="lg" component="section" aria-label={t('financing.balance.title_in', { currency: balance.currency_code })}>
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="lg">
              <Stack gap="sm">
                <Title order={3} fz="h4">
                  {t('financing.balance.title_in', { currency: balance.currency_code })}
                </Title>
                <SimpleGrid cols={{ base: 1, xs: 3 }} component="dl" m={0} spacing="lg">
                  <LabelledValue term label={t('financing.balance.principal')}>
                    {money(balance.principalBalance)}
                  </LabelledValue>
                  <LabelledValue term label={t('financing.balance.fee')}>
                    {money(balance.feeBalance)}
                  </LabelledValue>
                  <LabelledValue term label={t('financing.balance.total')}>
                    <Text component="span" fw={700}>
                      {money(balance.totalBalance)}
                    </Text>
                  </LabelledValue>
                </SimpleGrid>
                <Text size="sm" c="dimmed">
                  {t('financing.balance.loans', { open: balance.open_loans, repaid: balance.repaid_loans })}
                </Text>
              </Stack>
              <BalanceSplitChart principal={balance.principalBalance} fee={balance.feeBalance} />
            </Group>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
