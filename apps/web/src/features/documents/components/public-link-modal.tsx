import { Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PublicLinkResponse } from '@app/contracts';
import { CopyTextButton } from '../../../components/copy-button';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';

interface PublicLinkModalProps {
  opened: boolean;
  onClose: () => void;
  /** The link being created (the caller starts it with the click that opens this). */
  link: { isPending: boolean; error: unknown; data: PublicLinkResponse | undefined; retry: () => void };
}

/** The document's public link, ready to copy, with its expiry. */
export function PublicLinkModal({ opened, onClose, link }: PublicLinkModalProps) {
  const { t } = useTranslation();

  return (
    <Modal opened={opened} onClose={onClose} title={t('invoices.public_link.title')} centered size="lg">
      <QueryState isPending={link.isPending} error={link.error} onRetry={link.retry}>
        {link.data && (
          <Stack>
            <Group align="flex-end" wrap="nowrap">
              <TextInput label={t('invoices.public_link.label')} value={link.data.url} readOnly flex={1} onFocus={(event) => event.currentTarget.select()} />
              <CopyTextButton value={link.data.url} label={t('invoices.public_link.copy')} />
            </Group>
            <Text size="sm" c="dimmed">
              {link.data.expires_at ? t('invoices.public_link.expires', { date: formatDateTime(link.data.expires_at) }) : t('invoices.public_link.no_expiry')}
            </Text>
          </Stack>
        )}
      </QueryState>
    </Modal>
  );
}
