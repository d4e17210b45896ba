import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BnplLoanOffer } from '@app/contracts';
import { LabelledValue } from '../../../components/labelled-value';
import { formatDate, formatDateTime } from '../../../lib/format';
import { formatInCurrency, moneyFormatOf } from '../../../lib/money';

/** Step 2: the invoice and the lender's offer: it pays the vendor the principal now; the business repays principal and fee on the repay date. */
export function BnplOfferStep({ offer }: { offer: BnplLoanOffer }) {
  const { t } = useTranslation();
  const { invoice } = offer;
  const money = (minor: number) => formatInCurrency(minor, moneyFormatOf(invoice.currency_id));
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="bnpl-invoice-title">
        <Title order={3} fz="h4" id="bnpl-invoice-title" mb="sm">
          {t('financing.bnpl.invoice_title', { number: invoice.invoice_number })}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} component="dl" m={0}>
          <LabelledValue term label={t('financing.bnpl.vendor')}>
            {invoice.counterparty_name}
          </LabelledValue>
          <LabelledValue term label={t('financing.bnpl.invoice_date')}>
            {formatDate(invoice.invoice_date)}
          </LabelledValue>
          <LabelledValue term label={t('financing.bnpl.due_date')}>
            {invoice.due_date ? formatDate(invoice.due_date) : null}
          </LabelledValue>
          <LabelledValue term label={t('financing.bnpl.amount_due')}>
            {money(invoice.due_amount)}
          </LabelledValue>
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="bnpl-offer-title">
        <Title order={3} fz="h4" id="bnpl-offer-title" mb="sm">
          {t('financing.bnpl.offer_title')}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} component="dl" m={0}>
          <LabelledValue term label={t('financing.bnpl.principal')}>
            {money(offer.principal_amount)}
          </LabelledValue>
          <LabelledValue term label={t('financing.bnpl.fee')}>
            {money(offer.fee_amount)}
          </LabelledValue>
          <LabelledValue term label={t('financing.bnpl.repay_date')}>
            {formatDate(offer.repay_date)}
          </LabelledValue>
          <LabelledValue term label={t('financing.bnpl.total')}>
            {money(offer.principal_amount + offer.fee_amount)}
          </LabelledValue>
        </SimpleGrid>
        <Text size="sm" c="dimmed" mt="sm">
          {t('financing.bnpl.offer_holds', { vendor: invoice.counterparty_name, days: offer.days_to_defer, date: formatDateTime(offer.expires_at) })}
        </Text>
      </Paper>
    </Stack>
  );
}
