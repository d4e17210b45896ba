import { useState } from 'react';
import { Alert, Badge, Button, Grid, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { type PaymentResource, paymentDeleteAbility, paymentRefundAbility, paymentWriteAbility } from '@app/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmailModal } from '../../../components/email-modal';
import { Icon } from '../../../components/icon';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { formatDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { useCan } from '../../../lib/session';
import { ClaimStatus } from '../components/claim-status';
import { PaymentDetails, PaymentInvoiceCard } from '../components/payment-details';
import { PaymentFormModal } from '../components/payment-form-modal';
import { PaymentRefundModal, refundableAmount } from '../components/payment-refund-modal';
import { PaymentTransfersCard } from '../components/payment-transfers';
import { paymentLinks } from '../payment-links';
import { fetchReceiptPdf, useDeletePayments, usePayment, usePaymentEmailPreview, useSendReceipt } from '../payments-queries';

type Dialog = 'edit' | 'send' | 'refund' | 'delete' | null;

function ReceiptEmailModal({ payment, onClose }: { payment: PaymentResource; onClose: () => void }) {
  const { t } = useTranslation();
  const preview = usePaymentEmailPreview(payment.id, true);
  const send = useSendReceipt();
  return (
    <EmailModal
      title={t('payments.send.title')}
      opened
      onClose={onClose}
      preview={preview}
      send={(body) => send.mutateAsync({ id: payment.id, body })}
      sentNotice={t('payments.notice.sent')}
    />
  );
}

/** What a claim means for the payer now, or which claim a payment received confirmed. */
function ClaimNotice({ payment }: { payment: PaymentResource }) {
  const { t } = useTranslation();
  if (payment.confirms_claim) {
    return (
      <Alert color="blue" variant="light">
        {t('payments.claim.confirms', { number: payment.confirms_claim.payment_number, business: payment.confirms_claim.business.name })}
      </Alert>
    );
  }
  if (!payment.claim) return null;
  const { status } = payment.claim;
  const color = status === 'confirmed' ? 'green' : status === 'rejected' ? 'red' : 'yellow';
  return (
    <Alert color={color} variant="light" title={<ClaimStatus claim={payment.claim} />}>
      {t(`payments.claim.${status}_text`, { date: formatDate(payment.claim.decided_at) })}
    </Alert>
  );
}

function PaymentView({ payment }: { payment: PaymentResource }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan('business');
  const remove = useDeletePayments();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [downloading, setDownloading] = useState(false);
  const canWrite = can(paymentWriteAbility);
  const canDelete = can(paymentDeleteAbility);
  const canRefund = can(paymentRefundAbility) && refundableAmount(payment) > 0;

  const downloadReceipt = async () => {
    setDownloading(true);
    try {
      saveFile(await fetchReceiptPdf(payment.id), `${payment.payment_number}.pdf`);
    } catch (err) {
      notifyError(err);
    } finally {
      setDownloading(false);
    }
  };

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync([payment.id]);
      notifySuccess(t('payments.notice.deleted', { count: 1 }));
      await navigate(paymentLinks.list(payment.direction));
    } catch (err) {
      notifyError(err);
      setDialog(null);
    }
  };

  const actions = (
    <>
      <Button variant="default" leftSection={<Icon name="file-text" size={16} />} loading={downloading} onClick={() => void downloadReceipt()}>
        {t('payments.actions.download_receipt')}
      </Button>
      {canWrite && (
        <Button variant="default" leftSection={<Icon name="edit" size={16} />} onClick={() => setDialog('edit')}>
          {t('payments.actions.edit')}
        </Button>
      )}
      {canWrite && payment.direction === 'received' && (
        <Button leftSection={<Icon name="mail" size={16} />} onClick={() => setDialog('send')}>
          {t('payments.actions.send_receipt')}
        </Button>
      )}
      {canRefund && (
        <Button variant="default" leftSection={<Icon name="history" size={16} />} onClick={() => setDialog('refund')}>
          {t('payments.actions.refund')}
        </Button>
      )}
      {canDelete && payment.claim?.status !== 'confirmed' && (
        <Button color="red" variant="light" leftSection={<Icon name="trash" size={16} />} onClick={() => setDialog('delete')}>
          {t('payments.actions.delete')}
        </Button>
      )}
    </>
  );

  return (
    <>
      <PageHeader
        title={t('payments.view.title', { number: payment.payment_number })}
        description={t(payment.direction === 'received' ? 'payments.view.from' : 'payments.view.to', { name: payment.counterparty.name })}
        actions={actions}
      />
      <Stack>
        <Group gap="xs">
          <Badge variant="outline" color="gray">
            {t(`payments.tabs.${payment.direction}`)}
          </Badge>
        </Group>
        <ClaimNotice payment={payment} />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <PaymentDetails payment={payment} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <PaymentInvoiceCard payment={payment} />
          </Grid.Col>
        </Grid>
        {payment.online && <PaymentTransfersCard payment={payment} />}
      </Stack>
      {dialog === 'edit' && <PaymentFormModal direction={payment.direction} payment={payment} onClose={() => setDialog(null)} />}
      {dialog === 'send' && <ReceiptEmailModal payment={payment} onClose={() => setDialog(null)} />}
      {dialog === 'refund' && <PaymentRefundModal payment={payment} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        opened={dialog === 'delete'}
        title={t('payments.confirm.delete_title')}
        message={t('payments.confirm.delete', { number: payment.payment_number })}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDialog(null)}
      />
    </>
  );
}

/** /payments/{id}/view: the receipt, its invoice, and what may be done with it. */
export function PaymentViewPage() {
  const { id = '' } = useParams();
  const payment = usePayment(id);
  return (
    <QueryState isPending={payment.isPending} error={payment.error} onRetry={() => void payment.refetch()}>
      {payment.data && <PaymentView payment={payment.data} />}
    </QueryState>
  );
}
