import { useRef, useState } from 'react';
import { Alert, Anchor, Grid, Paper, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { CardPaymentOptions, InvoiceResource, LinkedBank, OnlinePaymentMethod } from '@app/contracts';
import { LabelledValue } from '../../../components/labelled-value';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { documentLinks } from '../../../lib/document-kinds';
import { formatDate } from '../../../lib/format';
import { formatDocumentMoney } from '../../../lib/money';
import { PayForm } from '../../../components/pay-form';
import { useCan } from '../../../lib/session';
import { SavedMethodPay } from '../components/saved-method-pay';
import { approveInvoice, businessBankLinkToken, startBusinessPayment, startSavedMethodPayment, useBusinessPayOptions, useIncomingInvoice, useRefreshInvoices } from '../online-payments-queries';

type Mode = 'pay' | 'approve-pay';

/** `?with=saved-method` (lib/paths `payWithSaved`): opened from `/{business}/customer/invoices/payment-method/{id}`, the page leads with the saved methods. */
const SAVED_METHOD = 'saved-method';

/** The incoming invoice in brief: whom it is from, its dates and what is still due. */
function InvoiceSummary({ invoice }: { invoice: InvoiceResource }) {
  const { t } = useTranslation();
  const money = (minor: number) => formatDocumentMoney(minor, invoice.currency_id);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="pay-summary-title">
      <Stack gap="md">
        <Anchor id="pay-summary-title" component={Link} to={documentLinks.view('invoice', invoice.id)} fw={600}>
          {t('customer_pay.view_invoice', { number: invoice.invoice_number })}
        </Anchor>
        <SimpleGrid cols={{ base: 2, sm: 3 }} component="dl" m={0}>
          <LabelledValue term label={t('customer_pay.from')}>
            {invoice.business.name}
          </LabelledValue>
          <LabelledValue term label={t('customer_pay.invoice_date')}>
            {formatDate(invoice.invoice_date)}
          </LabelledValue>
          <LabelledValue term label={t('customer_pay.due_date')}>
            {invoice.due_date ? formatDate(invoice.due_date) : null}
          </LabelledValue>
          <LabelledValue term label={t('customer_pay.total')}>
            {money(invoice.total)}
          </LabelledValue>
          <LabelledValue term label={t('customer_pay.paid')}>
            {money(invoice.amount_paid)}
          </LabelledValue>
          <LabelledValue term label={t('customer_pay.due')}>
            {money(invoice.due_amount)}
          </LabelledValue>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/**
 * The pay form for the customer business. Approve-and-pay approves the invoice first, in the same
 * click; when the approval went through and the payment did not, the page says the invoice is
 * approved and the next try only pays.
 */
function CustomerPayment({ invoice, options, mode, savedFirst }: { invoice: InvoiceResource; options: CardPaymentOptions; mode: Mode; savedFirst: boolean }) {
  const { t } = useTranslation();
  const can = useCan();
  const refresh = useRefreshInvoices();
  const needsApproval = mode === 'approve-pay' && invoice.status !== 'approved';
  const approved = useRef(!needsApproval);
  const [approvedHere, setApprovedHere] = useState(false);

  async function approveFirst() {
    if (approved.current) return;
    await approveInvoice(invoice.id);
    approved.current = true;
    setApprovedHere(true);
    // The lists and the view show the approval whatever the payment does next.
    void refresh();
  }

  async function start(amount: number | undefined, method: OnlinePaymentMethod, bankLink?: LinkedBank) {
    await approveFirst();
    return startBusinessPayment(invoice.id, amount, method, bankLink);
  }

  // Once a saved method is used the section stays, whatever the invoice read again says: it shows what the payment did.
  const [savedMethodUsed, setSavedMethodUsed] = useState(false);
  const savedMethods = savedMethodUsed || (options.available && invoice.due_amount > 0 && invoice.payment_processing === null && can('view-payment-methods'));
  return (
    <Stack gap="lg">
      {savedMethods && (
        <SavedMethodPay
          providerScript={options.provider_script}
          dueAmount={invoice.due_amount}
          currencyId={invoice.currency_id}
          start={async (savedMethodId) => {
            setSavedMethodUsed(true);
            await approveFirst();
            return startSavedMethodPayment(invoice.id, savedMethodId);
          }}
          onPaid={refresh}
          focused={savedFirst}
        />
      )}
      <PayForm
      openAtOnce
      payable={invoice.due_amount > 0}
      closed={
        <Alert color="green" role="status">
          {t('customer_pay.nothing_due')}
        </Alert>
      }
      options={options}
      dueAmount={invoice.due_amount}
      currencyId={invoice.currency_id}
      start={start}
      bankLinkToken={() => businessBankLinkToken(invoice.id)}
      payee={invoice.business.name}
      processing={invoice.payment_processing}
      onPaid={refresh}
      submitLabel={needsApproval && !approvedHere ? (amount) => t('customer_pay.approve_and_pay', { amount }) : undefined}
      notice={
        approvedHere ? (
          <Alert color="green" role="status">
            {t('customer_pay.approved')}
          </Alert>
        ) : null
      }
    />
    </Stack>
  );
}

function CustomerPayScreen({ mode }: { mode: Mode }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const invoice = useIncomingInvoice(id);
  const options = useBusinessPayOptions(id);
  const error = invoice.error ?? options.error;
  const retry = () => void Promise.all([invoice.refetch(), options.refetch()]);
  return (
    <>
      <PageHeader
        title={t(mode === 'pay' ? 'customer_pay.title' : 'customer_pay.approve_title', { number: invoice.data?.invoice_number ?? '' })}
        description={invoice.data ? t('customer_pay.description', { name: invoice.data.business.name }) : undefined}
      />
      <QueryState isPending={invoice.isPending || options.isPending} error={error} onRetry={retry}>
        {invoice.data && options.data && (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
              <InvoiceSummary invoice={invoice.data} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
              <CustomerPayment invoice={invoice.data} options={options.data} mode={mode} savedFirst={search.get('with') === SAVED_METHOD} />
            </Grid.Col>
          </Grid>
        )}
      </QueryState>
    </>
  );
}

/** /customer/invoices/pay/{id} (pay-invoice). */
export const CustomerPayPage = () => <CustomerPayScreen mode="pay" />;
/** /customer/invoices/approve-pay/{id} (approve-invoice and pay-invoice). */
export const CustomerApprovePayPage = () => <CustomerPayScreen mode="approve-pay" />;
