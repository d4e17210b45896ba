import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BnplLoanOffer, PaymentResource } from '@app/contracts';
import { formatDate } from '../../../lib/format';
import { formatInCurrency, moneyFormatOf } from '../../../lib/money';
import { financingLinks } from '../../../lib/paths';
import { safeUrl } from '../../../lib/safe-url';

interface BnplFundedProps {
  offer: BnplLoanOffer;
  payment: PaymentResource;
  paymentReceiptUrl: string | null;
  methodName: string;
}

/** The end of step 4: the payment the lender made to the vendor, its receipt, and when the business repays. */
export function BnplFunded({ offer, payment, paymentReceiptUrl, methodName }: BnplFundedProps) {
  const { t } = useTranslation();
  const money = (minor: number) => formatInCurrency(minor, moneyFormatOf(payment.currency_id));
  const receipt = safeUrl(paymentReceiptUrl);
  return (
    <Stack gap="md">
      <Alert color="green" role="status" title={t('financing.bnpl.funded_title', { number: offer.invoice.invoice_number })}>
        <Stack gap="xs">
          <Text size="sm">
            {t('financing.bnpl.funded_payment', { number: payment.payment_number, amount: money(payment.amount), vendor: offer.invoice.counterparty_name, date: formatDate(payment.payment_date) })}
          </Text>
          <Text size="sm">
            {t('financing.bnpl.funded_repay', { total: money(offer.principal_amount + offer.fee_amount), method: methodName, date: formatDate(offer.repay_date) })}
          </Text>
          {receipt && (
            <Anchor href={receipt} target="_blank" rel="noopener noreferrer" size="sm">
              {t('financing.bnpl.receipt')}
            </Anchor>
          )}
        </Stack>
      </Alert>
      <Anchor component={Link} to={financingLinks.loanBalance('bnpl')}>
        {t('financing.bnpl.see_loans')}
      </Anchor>
    </Stack>
  );
}
