import { Button, Code, Drawer, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OutboxMailResource } from '@app/contracts';
import { formatDateTime } from '../../../lib/format';
import { canRetry } from '../outbox-queries';
import { OutboxStatusBadge } from './outbox-status-badge';
import { LabelledValue } from '../../../components/labelled-value';

interface OutboxMailDrawerProps {
  mail: OutboxMailResource | null;
  canEdit: boolean;
  retrying: boolean;
  onRetry: (mail: OutboxMailResource) => void;
  onClose: () => void;
}


/** The mail as plain text (never rendered as HTML), its links with tokens masked by the server. */
export function OutboxMailDrawer({ mail, canEdit, retrying, onRetry, onClose }: OutboxMailDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer opened={mail !== null} onClose={onClose} position="right" size="lg" title={mail?.subject ?? ''}>
      {mail && (
        <Stack>
          <SimpleGrid cols={2}>
            <LabelledValue label={t('outbox.to')}>{mail.to}</LabelledValue>
            <LabelledValue label={t('outbox.status_label')}>
              <OutboxStatusBadge status={mail.status} />
            </LabelledValue>
            <LabelledValue label={t('outbox.created_at')}>{formatDateTime(mail.created_at)}</LabelledValue>
            <LabelledValue label={t('outbox.sent_at')}>{mail.sent_at ? formatDateTime(mail.sent_at) : '—'}</LabelledValue>
            <LabelledValue label={t('outbox.attempts')}>{mail.attempts}</LabelledValue>
          </SimpleGrid>
          {mail.last_error && (
            <LabelledValue label={t('outbox.last_error')}>
              <Code block c="red" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {mail.last_error}
              </Code>
            </LabelledValue>
          )}
          <LabelledValue label={t('outbox.text')}>
            <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="outbox-mail-text">
              {mail.text}
            </Code>
            <Text size="xs" c="dimmed" mt={4}>
              {t('outbox.hidden_links')}
            </Text>
          </LabelledValue>
          {canEdit && canRetry(mail) && (
            <Group>
              <Button onClick={() => onRetry(mail)} loading={retrying} aria-describedby="outbox-retry-recipient">
                {t('outbox.retry')}
              </Button>
              <Text size="sm" id="outbox-retry-recipient">
                {t('outbox.retry_to_recipient', { to: mail.to })}
              </Text>
            </Group>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
