import { useState } from 'react';
import { ActionIcon, Anchor, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AttachmentResource } from '@app/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Icon } from '../../../components/icon';
import type { DocumentKind } from '../../../lib/document-kinds';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { fetchAttachment, useRemoveAttachment } from '../documents-queries';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Spec section 9: file sizes go from B to TB in steps of 1024. */
export function formatFileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${UNITS[unit]}`;
}

interface DocumentAttachmentsProps {
  kind: DocumentKind;
  documentId: string;
  attachments: readonly AttachmentResource[];
  canRemove: boolean;
}

/** The files attached to a document: download each (through the API client), remove for editors. */
export function DocumentAttachments({ kind, documentId, attachments, canRemove }: DocumentAttachmentsProps) {
  const { t } = useTranslation();
  const remove = useRemoveAttachment(kind);
  const [removing, setRemoving] = useState<AttachmentResource | null>(null);

  const download = async (attachment: AttachmentResource) => {
    try {
      saveFile(await fetchAttachment(attachment), attachment.file_name);
    } catch (err) {
      notifyError(err);
    }
  };

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync({ id: documentId, attachment: removing });
      notifySuccess(t('invoices.attachments.removed'));
    } catch (err) {
      notifyError(err);
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Card withBorder>
      <Title order={2} fz="h5" mb="sm">
        {t('invoices.attachments.title')}
      </Title>
      {attachments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('invoices.attachments.none')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {attachments.map((attachment) => (
            <Group component="li" key={attachment.id} justify="space-between" wrap="nowrap">
              <div>
                <Anchor component="button" type="button" size="sm" onClick={() => void download(attachment)}>
                  {attachment.file_name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatFileSize(attachment.size)}
                </Text>
              </div>
              {canRemove && (
                <Tooltip label={t('invoices.attachments.remove')}>
                  <ActionIcon variant="subtle" color="red" aria-label={t('invoices.attachments.remove_named', { name: attachment.file_name })} onClick={() => setRemoving(attachment)}>
                    <Icon name="trash" size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={removing !== null}
        title={t('invoices.attachments.remove')}
        message={t('invoices.attachments.confirm_remove', { name: removing?.file_name ?? '' })}
        loading={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </Card>
  );
}
