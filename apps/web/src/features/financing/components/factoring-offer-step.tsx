import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FactoringLoanOfferResponse } from '@app/contracts';
import type { MoneyFormat } from '@app/domain';
import { MoneyInput } from '../../../components/decimal-input';
import { LabelledValue } from '../../../components/labelled-value';
import { formatDate, formatDateTime } from '../../../lib/format';
import { formatInCurrency } from '../../../lib/money';
import type { AdvanceTerms } from '../factoring-advance';

interface FactoringOfferStepProps {
  offer: FactoringLoanOfferResponse;
  currency: MoneyFormat;
  amount: string;
  onAmountChange: (value: string) => void;
  amountProblem: string | null;
  /** The terms of the amount typed, or null while it is not a valid advance. */
  terms: AdvanceTerms | null;
}

/** Step 1: the invoice, the lender's offer (loan_info) and how much of it to take. */
export function FactoringOfferStep({ offer, currency, amount, onAmountChange, amountProblem, terms }: FactoringOfferStepProps) {
  const { t } = useTranslation();
  const { invoice, loan_info: info } = offer;
  const money = (minor: number) => formatInCurrency(minor, currency);
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="factoring-invoice-title">
        <Title order={2} fz="h4" id="factoring-invoice-title" mb="sm">
          {t('financing.factoring.invoice_title', { number: invoice.invoice_number })}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} component="dl" m={0}>
          <LabelledValue term label={t('financing.factoring.customer')}>
            {invoice.counterparty_name}
          </LabelledValue>
          <LabelledValue term label={t('financing.factoring.invoice_date')}>
            {formatDate(invoice.invoice_date)}
          </LabelledValue>
          <LabelledValue term label={t('financing.factoring.due_date')}>
            {invoice.due_date ? formatDate(invoice.due_date) : null}
          </LabelledValue>
          <LabelledValue term label={t('financing.factoring.amount_due')}>
            {money(invoice.due_amount)}
          </LabelledValue>
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="factoring-offer-title">
        <Title order={2} fz="h4" id="factoring-offer-title" mb="sm">
          {t('financing.factoring.offer_title')}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} component="dl" m={0}>
          <LabelledValue term label={t('financing.factoring.invoice_amount')}>
            {money(info.invoice_amount)}
          </LabelledValue>
          <LabelledValue term label={t('financing.factoring.most_you_can_get')}>
            {money(info.principal_amount)}
          </LabelledValue>
          <LabelledValue term label={t('financing.factoring.fee')}>
            {money(info.fee_amount)}
          </LabelledValue>
          <LabelledValue term label={t('financing.factoring.reserve')}>
            {money(info.reserve_amount)}
          </LabelledValue>
        </SimpleGrid>
        <Text size="sm" c="dimmed" mt="sm">
          {t('financing.factoring.rate', { percent: (info.fee_bps_per_30_days / 100).toString(), periods: info.fee_periods, date: formatDateTime(info.expires_at) })}
        </Text>
      </Paper>
      <Stack gap="xs" maw={360}>
        <MoneyInput
          label={t('financing.factoring.amount_label')}
          description={t('financing.factoring.amount_help', { amount: money(info.principal_amount) })}
          currency={currency}
          value={amount}
          onChange={onAmountChange}
          error={amountProblem}
          required
        />
        {terms && (
          <Text size="sm" aria-live="polite">
            {t('financing.factoring.amount_terms', { fee: money(terms.fee), reserve: money(terms.reserve) })}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
