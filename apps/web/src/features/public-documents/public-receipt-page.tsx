import './public-document-styles';
import '../../lib/i18n-documents';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { type PublicPayment, sharedMessages as messages } from '@app/contracts';
import { formatDate } from '../../lib/format';
import { formatDocumentMoney } from '../../lib/money';
import { usePublicReceipt } from './public-documents-queries';
import { PublicHeader, PublicPageState } from './public-frame';
import { LabelledValue } from '../../components/labelled-value';


/** A receipt (payment received) or payment advice (payment made): one amount, when, from whom, for what. */
function PublicReceiptView({ data }: { data: PublicPayment }) {
  const { t } = useTranslation();
  const { payment } = data;
  const received = payment.direction === 'received';
  const amount = formatDocumentMoney(payment.amount, payment.currency_id);
  return (
    <Stack>
      <PublicHeader business={data.business} pdfUrl={data.pdf_url} />
      <Paper withBorder radius="md" p="lg" component="article" aria-labelledby="public-receipt-title">
        <Title order={2} fz="h4" mb="xs" id="public-receipt-title">
          {received ? t('public_documents.receipt.received', { number: payment.payment_number }) : t('public_documents.receipt.made', { number: payment.payment_number })}
        </Title>
        <Text fz={32} fw={700} mb="md" aria-label={t('public_documents.receipt.amount_label', { amount })}>
          {amount}
        </Text>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} m={0} spacing="md">
          <LabelledValue term label={t('public_documents.receipt.date')}>{formatDate(payment.payment_date)}</LabelledValue>
          <LabelledValue term label={received ? t('public_documents.receipt.received_from') : t('public_documents.receipt.paid_to')}>{payment.counterparty.name}</LabelledValue>
          {payment.mode && <LabelledValue term label={t('public_documents.receipt.mode')}>{payment.mode.name}</LabelledValue>}
          {payment.invoice && <LabelledValue term label={t('public_documents.receipt.invoice')}>{payment.invoice.invoice_number}</LabelledValue>}
        </SimpleGrid>
        {payment.notes && (
          <Stack gap={4} mt="md">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('public_documents.receipt.notes')}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{payment.notes}</Text>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}

export function PublicReceiptPage() {
  const { token = '' } = useParams();
  const query = usePublicReceipt(token);
  return (
    <PublicPageState query={query} invalidMessage={messages.receiptMissing}>
      {(data) => <PublicReceiptView data={data} />}
    </PublicPageState>
  );
}
