import { useState } from 'react';
import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Icon } from '../../../components/icon';
import { type DocumentKind, documentLinks } from '../../../lib/document-kinds';
import { notifyError } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { useCan } from '../../../lib/session';
import { GetPaidNowButton, PayLaterButton } from '../../financing';
import { IncomingPayButtons } from '../../online-payments';
import { PaymentFormModal } from '../../payments';
import { type DocumentCommand, type DocumentResource, fetchDocumentPdf, isInvoice, useCreatePublicLink } from '../documents-queries';
import { useDocumentCommands, useDocumentPermissions } from '../use-document-commands';
import { DueDateModal } from './due-date-modal';
import { PdfPreviewModal } from './pdf-preview-modal';
import { PublicLinkModal } from './public-link-modal';
import { SendEmailModal } from './send-email-modal';

type Confirmable = 'void' | 'delete' | 'reject';
type Dialog = 'send' | 'due-date' | 'link' | 'pdf' | 'payment' | null;

/** The view page's actions: what `allowed_actions` and the caller's abilities permit, the rarer ones in a menu. */
export function DocumentActions({ kind, document }: { kind: DocumentKind; document: DocumentResource }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const may = useDocumentPermissions(kind)(document);
  const commands = useDocumentCommands(kind);
  const link = useCreatePublicLink(kind);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [confirming, setConfirming] = useState<Confirmable | null>(null);
  const [downloading, setDownloading] = useState(false);
  const number = isInvoice(document) ? document.invoice_number : document.estimate_number;
  // Payments have no ability of their own: recording one needs 'send-payment' (as the payments API).
  const canRecordPayment = useCan('business')('send-payment') && document.direction === 'outgoing' && document.allowed_actions.includes('record_payment');
  const k = (key: string) => t(`${kind}s.${key}`);

  const run = (name: DocumentCommand) => void commands.run(document.id, name);

  const confirm = async () => {
    if (confirming === 'delete') {
      if (await commands.removeAll([document.id])) await navigate(documentLinks.list(kind, 'outgoing'));
    } else if (confirming) {
      await commands.run(document.id, confirming);
    }
    setConfirming(null);
  };

  const downloadPdf = async () => {
    setDownloading(true);
    try {
      saveFile(await fetchDocumentPdf(kind, document.id), `${number}.pdf`);
    } catch (err) {
      notifyError(err);
    } finally {
      setDownloading(false);
    }
  };

  const openLink = () => {
    link.mutate(document.id);
    setDialog('link');
  };

  return (
    <>
      <Button variant="default" leftSection={<Icon name="file-text" size={16} />} loading={downloading} onClick={() => void downloadPdf()}>
        {t('invoices.actions.download_pdf')}
      </Button>
      {may.edit && (
        <Button variant="default" component={Link} to={documentLinks.edit(kind, document.id)} leftSection={<Icon name="edit" size={16} />}>
          {t('invoices.actions.edit')}
        </Button>
      )}
      {may.finalize && (
        <Button variant="default" loading={commands.running} onClick={() => run('finalize')}>
          {t('invoices.actions.finalize')}
        </Button>
      )}
      {may.convert && (
        <Button variant="default" loading={commands.running} onClick={() => run('convert-to-invoice')}>
          {t('estimates.actions.convert')}
        </Button>
      )}
      {may.approve && (
        <Button color="green" loading={commands.running} onClick={() => run('approve')}>
          {t('invoices.actions.approve')}
        </Button>
      )}
      {may.reject && (
        <Button color="red" variant="light" onClick={() => setConfirming('reject')}>
          {t('invoices.actions.reject')}
        </Button>
      )}
      {isInvoice(document) && document.direction === 'incoming' && <IncomingPayButtons invoice={document} />}
      {isInvoice(document) && document.direction === 'incoming' && <PayLaterButton invoice={document} />}
      {isInvoice(document) && document.direction === 'outgoing' && <GetPaidNowButton invoice={document} />}
      {canRecordPayment && (
        <Button variant="default" leftSection={<Icon name="cash" size={16} />} onClick={() => setDialog('payment')}>
          {t('payments.actions.record')}
        </Button>
      )}
      {may.send && (
        <Button leftSection={<Icon name="mail" size={16} />} onClick={() => setDialog('send')}>
          {t('invoices.actions.send')}
        </Button>
      )}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" rightSection={<Icon name="chevron-down" size={16} />}>
            {t('invoices.actions.more')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setDialog('pdf')}>{t('invoices.actions.preview_pdf')}</Menu.Item>
          {may.markSent && <Menu.Item onClick={() => run('mark-sent')}>{t('invoices.actions.mark_sent')}</Menu.Item>}
          {may.updateDueDate && <Menu.Item onClick={() => setDialog('due-date')}>{t('invoices.actions.change_due_date')}</Menu.Item>}
          {may.adminApprove && <Menu.Item onClick={() => run('admin-approve')}>{t('invoices.actions.mark_approved')}</Menu.Item>}
          {may.clone && <Menu.Item onClick={() => run('clone')}>{t('invoices.actions.clone')}</Menu.Item>}
          {may.publicLink && <Menu.Item onClick={openLink}>{t('invoices.actions.public_link')}</Menu.Item>}
          {may.void && (
            <Menu.Item color="red.9" onClick={() => setConfirming('void')}>
              {t('invoices.actions.void')}
            </Menu.Item>
          )}
          {may.delete && (
            <Menu.Item color="red.9" onClick={() => setConfirming('delete')}>
              {t('invoices.actions.delete')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>

      {dialog === 'send' && <SendEmailModal kind={kind} id={document.id} opened onClose={() => setDialog(null)} />}
      {dialog === 'pdf' && <PdfPreviewModal kind={kind} id={document.id} number={number} onClose={() => setDialog(null)} />}
      {isInvoice(document) && dialog === 'due-date' && <DueDateModal invoice={document} opened onClose={() => setDialog(null)} />}
      {isInvoice(document) && dialog === 'payment' && (
        <PaymentFormModal
          direction="received"
          payment={null}
          invoice={{ id: document.id, invoice_number: document.invoice_number, customer: { id: document.customer_id, name: document.customer.name }, due_amount: document.due_amount, currency_id: document.currency_id }}
          onClose={() => setDialog(null)}
        />
      )}
      <PublicLinkModal
        opened={dialog === 'link'}
        onClose={() => setDialog(null)}
        link={{ isPending: link.isPending || link.isIdle, error: link.error, data: link.data, retry: () => link.mutate(document.id) }}
      />
      <ConfirmDialog
        opened={confirming !== null}
        title={k(`confirm.${confirming ?? 'delete'}_title`)}
        message={t(`${kind}s.confirm.${confirming ?? 'delete'}`, { number })}
        loading={commands.running || commands.removing}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
