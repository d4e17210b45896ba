import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BnplLoanOffer, LoanResource, PaymentResource } from '@app/contracts';
import { formatDate } from '../../../lib/format';
import { formatCodeMoney } from '../../../lib/money';
import { notifyError } from '../../../lib/notify';
import { financingLinks } from '../../../lib/paths';
import { saveFile } from '../../../lib/save-file';
import { fetchReceiptPdf } from '../../payments';
import { LoanStatusBadge } from './loan-status-badge';

interface BnplFundedProps {
  offer: BnplLoanOffer;
  loan: LoanResource;
  /** Null while the lender's transfer to the vendor is not made. */
  payment: PaymentResource | null;
  /** The receipt PDF's API path: read through the API client, which sends the business header a plain link could not. */
  paymentReceiptUrl: string | null;
  methodName: string;
}

/** The end of step 4: the payment the lender made to the vendor and its receipt, the loan, and when the business repays. */
export function BnplFunded({ offer, loan, payment, paymentReceiptUrl, methodName }: BnplFundedProps) {
  const { t } = useTranslation();
  const money = (minor: number) => formatCodeMoney(minor, loan.currency_code);
  const vendor = offer.invoice.counterparty_name;
  const [downloading, setDownloading] = useState(false);

  const downloadReceipt = async (paid: PaymentResource) => {
    setDownloading(true);
    try {
      saveFile(await fetchReceiptPdf(paid.id), `${paid.payment_number}.pdf`);
    } catch (err) {
      notifyError(err);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="md">
      <Alert color="green" role="status" title={t(payment ? 'financing.bnpl.funded_title' : 'financing.bnpl.pending_title', { number: offer.invoice.invoice_number })}>
        <Stack gap="xs">
          <Group gap="xs">
            <Text size="sm">{t('financing.bnpl.loan_status')}</Text>
            <LoanStatusBadge status={loan.status} />
          </Group>
          <Text size="sm">
            {payment
              ? t('financing.bnpl.funded_payment', { number: payment.payment_number, amount: money(payment.amount), vendor, date: formatDate(payment.payment_date) })
              : t('financing.bnpl.pending_payment', { amount: money(loan.principal_amount), vendor })}
          </Text>
          <Text size="sm">{t('financing.bnpl.funded_repay', { total: money(loan.principal_amount + loan.fee_amount), method: methodName, date: formatDate(loan.due_date) })}</Text>
          {payment && paymentReceiptUrl && (
            <Group>
              <Button size="xs" variant="light" color="green" loading={downloading} onClick={() => void downloadReceipt(payment)}>
                {t('financing.bnpl.receipt')}
              </Button>
            </Group>
          )}
        </Stack>
      </Alert>
      <Anchor component={Link} to={financingLinks.loanBalance('bnpl')}>
        {t('financing.bnpl.see_loans')}
      </Anchor>
    </Stack>
  );
}
