import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Center, Group, Loader, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PaymentClaim } from '@app/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LabelledPagination } from '../../../components/labelled-pagination';
import { FormModal } from '../../../components/form-modal';
import { errorText } from '../../../lib/api-error';
import { documentLinks } from '../../../lib/document-kinds';
import { handleFormError } from '../../../lib/form-errors';
import { formatDate } from '../../../lib/format';
import { formatDocumentMoney } from '../../../lib/money';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/session';
import { paymentLinks } from '../payment-links';
import { useDecideClaim, usePaymentClaims } from '../payments-queries';

const REASON_MAX = 255;
const amountOf = (claim: PaymentClaim) => formatDocumentMoney(claim.amount, claim.currency_id);

function VendorClaimStatus({ claim }: { claim: PaymentClaim }) {
  const { t } = useTranslation();
  if (claim.status === 'rejected') {
    return (
      <Text size="sm" c="red.8" fw={500}>
        {claim.reason ? t('payments.claims.rejected_reason', { reason: claim.reason }) : t('payments.claims.status.rejected')}
      </Text>
    );
  }
  return (
    <Group gap="xs">
      <Badge color={claim.status === 'confirmed' ? 'green' : 'yellow'} variant="light">
        {t(`payments.claims.status.${claim.status}`)}
      </Badge>
      {claim.receipt_payment_id && (
        <Anchor component={Link} to={paymentLinks.view(claim.receipt_payment_id)} size="sm">
          {t('payments.claims.view_receipt')}
        </Anchor>
      )}
    </Group>
  );
}

function RejectModal({ claim, onClose }: { claim: PaymentClaim; onClose: () => void }) {
  const { t } = useTranslation();
  const decide = useDecideClaim();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ reason: string }>({ defaultValues: { reason: '' } });
  const onSubmit = handleSubmit(async ({ reason }) => {
    try {
      await decide.mutateAsync({ id: claim.id, decision: 'reject', reason: reason.trim() === '' ? null : reason.trim() });
      notifySuccess(t('payments.claims.rejected_notice'));
      onClose();
    } catch (err) {
      handleFormError(err, setError, ['reason']);
    }
  });
  return (
    <FormModal opened onClose={onClose} title={t('payments.claims.reject_title')} onSubmit={onSubmit} submitting={isSubmitting} submitLabel={t('payments.claims.reject_submit')}>
      <Text>{t('payments.claims.reject_message', { amount: amountOf(claim), customer: claim.customer.name, invoice: claim.invoice.invoice_number })}</Text>
      <Textarea
        label={t('payments.claims.reason')}
        description={t('payments.claims.reason_hint')}
        rows={3}
        maxLength={REASON_MAX}
        error={errors.reason?.message}
        data-autofocus
        {...register('reason')}
      />
    </FormModal>
  );
}

function ClaimItem({ claim, showInvoice, canDecide, onConfirm, onReject }: { claim: PaymentClaim; showInvoice: boolean; canDecide: boolean; onConfirm: () => void; onReject: () => void }) {
  const { t } = useTranslation();
  const titleId = `claim-${claim.id}`;
  const facts = [formatDate(claim.payment_date), t('payments.claims.reference', { number: claim.payment_number }), ...(claim.mode ? [claim.mode] : [])];
  return (
    <Card withBorder component="li" padding="sm" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Text fw={600} id={titleId}>
            {t('payments.claims.item', { customer: claim.customer.name, amount: amountOf(claim) })}
          </Text>
          <Text size="sm" c="dimmed">
            {facts.join(' · ')}
            {showInvoice && (
              <>
                {' · '}
                <Anchor component={Link} to={documentLinks.view('invoice', claim.invoice.id)} size="sm">
                  {claim.invoice.invoice_number}
                </Anchor>
              </>
            )}
          </Text>
          <VendorClaimStatus claim={claim} />
        </Stack>
        {canDecide && claim.status === 'claimed' && (
          <Group gap="xs">
            <Button size="xs" onClick={onConfirm} aria-label={t('payments.claims.confirm_for', { number: claim.payment_number, customer: claim.customer.name })}>
              {t('payments.claims.confirm')}
            </Button>
            <Button size="xs" variant="light" color="red" onClick={onReject} aria-label={t('payments.claims.reject_for', { number: claim.payment_number, customer: claim.customer.name })}>
              {t('payments.claims.reject')}
            </Button>
          </Group>
        )}
      </Group>
    </Card>
  );
}

/**
 * The payments the business's customers say they made to it. On an invoice (`invoiceId`) every
 * claim on it, with an empty state; on the payments page only those awaiting a decision, and
 * nothing at all while there are none. Confirming asks first (it records a payment received and
 * settles the invoice); rejecting asks for an optional reason the customer will see.
 */
export function PaymentClaims({ invoiceId }: { invoiceId?: string }) {
  const { t } = useTranslation();
  const can = useCan('business');
  const [page, setPage] = useState(1);
  const claims = usePaymentClaims(invoiceId ? { status: 'all', invoice_id: invoiceId, page } : { status: 'claimed', page });
  const decide = useDecideClaim();
  const [confirming, setConfirming] = useState<PaymentClaim | null>(null);
  const [rejecting, setRejecting] = useState<PaymentClaim | null>(null);
  const onInvoice = invoiceId !== undefined;
  const rows = claims.data?.data ?? [];

  if (!onInvoice && (claims.isPending || (claims.isSuccess && rows.length === 0))) return null;

  const confirm = async () => {
    if (!confirming) return;
    try {
      await decide.mutateAsync({ id: confirming.id, decision: 'confirm' });
      notifySuccess(t('payments.claims.confirmed_notice'));
    } catch (err) {
      notifyError(err);
    }
    setConfirming(null);
  };

  let content;
  if (claims.isPending) {
    content = (
      <Center py="sm">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  } else if (claims.isError) {
    content = (
      <Alert color="red" role="alert" p="xs">
        <Text size="sm" mb="xs">
          {errorText(claims.error, t('errors.generic'), t('errors.network')) ?? t('errors.generic')}
        </Text>
        <Button size="xs" variant="light" color="red" onClick={() => void claims.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  } else if (rows.length === 0) {
    content = (
      <Text size="sm" c="dimmed">
        {t('payments.claims.empty_invoice')}
      </Text>
    );
  } else {
    content = (
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
        {rows.map((claim) => (
          <ClaimItem key={claim.id} claim={claim} showInvoice={!onInvoice} canDecide={can('send-payment')} onConfirm={() => setConfirming(claim)} onReject={() => setRejecting(claim)} />
        ))}
      </Stack>
    );
  }

  const titleId = onInvoice ? 'invoice-claims-title' : 'payment-claims-title';
  const lastPage = claims.data?.meta.last_page ?? 1;
  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Title order={2} fz="h5" mb={4} id={titleId}>
        {t(onInvoice ? 'payments.claims.invoice_title' : 'payments.claims.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('payments.claims.intro')}
      </Text>
      {content}
      {lastPage > 1 && (
        <Group justify="flex-end" mt="sm">
          <LabelledPagination total={lastPage} value={page} onChange={setPage} size="sm" />
        </Group>
      )}
      <ConfirmDialog
        opened={confirming !== null}
        title={t('payments.claims.confirm_title')}
        message={confirming ? t('payments.claims.confirm_message', { amount: amountOf(confirming), customer: confirming.customer.name, invoice: confirming.invoice.invoice_number }) : ''}
        confirmLabel={t('payments.claims.confirm_submit')}
        cancelLabel={t('common.cancel')}
        variant="primary"
        loading={decide.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      />
      {rejecting && <RejectModal claim={rejecting} onClose={() => setRejecting(null)} />}
    </Card>
  );
}
