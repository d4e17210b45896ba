import { Anchor, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type DocumentEmailPreview, type SendDocumentEmailRequest, type SentMail, sendDocumentEmailRequestSchema } from '@app/contracts';
import { handleFormError } from '../lib/form-errors';
import { notifySuccess, notifyWarning } from '../lib/notify';
import { adminPaths } from '../lib/paths';
import { useCan } from '../lib/session';
import { FormModal } from './form-modal';

const FIELDS = ['to', 'reply_to', 'subject', 'body', 'notify_admin'] as const;

interface EmailModalProps {
  title: string;
  opened: boolean;
  onClose: () => void;
  /** The server's proposal for the mail (recipient, subject, body). */
  preview: { data: DocumentEmailPreview | undefined; isPending: boolean; error: unknown; refetch: () => unknown };
  /** Sends; the answer says whether the mail was queued or held for want of a mail server. */
  send: (body: z.output<typeof sendDocumentEmailRequestSchema>) => Promise<{ mail: SentMail }>;
  sentNotice: string;
}

/** The mail waits in the outbox: nothing went out, and admins get the way to it. */
export function HeldMailNotice({ linkToOutbox }: { linkToOutbox: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm">{t('mail.held')}</Text>
      {linkToOutbox && (
        <Anchor href={`${adminPaths.outbox}?status=held`} size="sm">
          {t('mail.open_outbox')}
        </Anchor>
      )}
    </Stack>
  );
}

/** A mail the server would send (a document, a receipt), filled in from its preview and editable before sending. */
export function EmailModal({ title, opened, onClose, preview, send, sentNotice }: EmailModalProps) {
  const { t } = useTranslation();
  // Held mail is for whoever may change where mail goes (the outbox's own ability).
  const seesOutbox = useCan('platform')('edit-platform-setting');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SendDocumentEmailRequest, unknown, z.output<typeof sendDocumentEmailRequestSchema>>({
    resolver: zodResolver(sendDocumentEmailRequestSchema),
    values: preview.data && {
      to: preview.data.to ?? '',
      reply_to: preview.data.reply_to ?? '',
      subject: preview.data.subject,
      body: preview.data.body,
      notify_admin: false,
    },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const { mail } = await send(body);
      if (mail.status === 'held') notifyWarning(<HeldMailNotice linkToOutbox={seesOutbox} />);
      else notifySuccess(sentNotice);
      onClose();
    } catch (err) {
      handleFormError(err, setError, FIELDS);
    }
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      onSubmit={onSubmit}
      submitting={isSubmitting}
      submitLabel={t('invoices.send.submit')}
      loading={{ isPending: preview.isPending, error: preview.error, onRetry: () => void preview.refetch() }}
    >
      <TextInput label={t('invoices.send.to')} type="email" required data-autofocus error={errors.to?.message} {...register('to')} />
      <TextInput label={t('invoices.send.reply_to')} type="email" error={errors.reply_to?.message} {...register('reply_to')} />
      <TextInput label={t('invoices.send.subject')} required maxLength={101} error={errors.subject?.message} {...register('subject')} />
      <Textarea label={t('invoices.send.body')} required rows={10} error={errors.body?.message} {...register('body')} />
      {preview.data?.send_as_attachment && (
        <Text size="sm" c="dimmed">
          {t('invoices.send.pdf_attached')}
        </Text>
      )}
      <Switch label={t('invoices.send.notify_admin')} {...register('notify_admin')} />
    </FormModal>
  );
}
