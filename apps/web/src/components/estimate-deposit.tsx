import { Alert, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardPayment, CardPaymentOptions, EstimateDeposit, LinkedBank, OnlinePaymentMethod } from '@app/contracts';
import { formatDocumentMoney } from '../lib/money';
import { PayFormOnDemand } from './pay-form-on-demand';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

/**
 * An estimate's deposit as its vendor, its customer business and the public page show it (issue
 * 17, item 7): asked, paid and left to pay, read by the server from the payments; a bank debit on
 * its way; the payments, with what was refunded of them. `children` is what the viewer can do.
 */
export function EstimateDepositSummary({ deposit, children }: { deposit: EstimateDeposit; children?: ReactNode }) {
  const { t } = useTranslation();
  const money = (minor: number) => formatDocumentMoney(minor, deposit.currency_id);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="deposit-title">
      <Stack gap="sm">
        <Title order={2} fz="h5" id="deposit-title">
          {t('deposits.title')}
        </Title>
        {deposit.requested_amount !== null && (
          <SimpleGrid cols={3}>
            <Figure label={t('deposits.requested')} value={money(deposit.requested_amount)} />
            <Figure label={t('deposits.paid')} value={money(deposit.paid_amount)} />
            <Figure label={t('deposits.due')} value={money(deposit.due_amount)} />
          </SimpleGrid>
        )}
        {deposit.processing_amount > 0 && (
          <Alert color="yellow" role="status" title={t('online_payments.processing_title')}>
            {t('deposits.processing', { amount: money(deposit.processing_amount) })}
          </Alert>
        )}
        {deposit.payments.length > 0 && (
          <List size="sm" spacing={4}>
            {deposit.payments.map((payment) => (
              <List.Item key={payment.payment_number}>
                {t('deposits.payment_line', { number: payment.payment_number, date: payment.payment_date })}: {money(payment.amount)}
                {payment.refunded_amount > 0 && ` (${t('deposits.refunded', { amount: money(payment.refunded_amount) })})`}
              </List.Item>
            ))}
          </List>
        )}
        {deposit.converted_invoice_id !== null && deposit.payments.length > 0 && (
          <Text size="sm" c="dimmed">
            {t('deposits.carried')}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}

type DepositPayFormProps = {
  deposit: EstimateDeposit;
  options: CardPaymentOptions;
  start(method: OnlinePaymentMethod, bankLink?: LinkedBank): Promise<CardPayment>;
  /** A link token for paying from a bank linked through the bank-link provider (offered when the options allow it). */
  bankLinkToken(): Promise<string>;
  payee: string;
  onPaid(): Promise<unknown>;
  payable: boolean;
};

/** The shared pay form, for what is left of a deposit: its amount is fixed, and its words are the deposit's. */
export function DepositPayForm({ deposit, options, start, bankLinkToken, payee, onPaid, payable }: DepositPayFormProps) {
  const { t } = useTranslation();
  return (
    <PayFormOnDemand
      payable={payable}
      options={options}
      dueAmount={deposit.due_amount}
      currencyId={deposit.currency_id}
      start={(_amount, method, bankLink) => start(method, bankLink)}
      bankLinkToken={bankLinkToken}
      payee={payee}
      processing={null}
      onPaid={onPaid}
      submitLabel={(amount) => t('deposits.submit', { amount })}
      texts={{ title: t('deposits.pay_title'), open: (amount) => t('deposits.pay_button', { amount }), succeeded: (amount) => t('deposits.succeeded', { amount }), processing: (amount) => t('deposits.processing', { amount }) }}
    />
  );
}
