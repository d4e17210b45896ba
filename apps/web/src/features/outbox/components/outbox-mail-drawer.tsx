import type { ReactNode } from 'react';
import { Button, Code, Drawer, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OutboxMailResource } from '@app/contracts';
import { formatDateTime } from '../../../lib/format';
import { canRetry } from '../outbox-queries';
import { OutboxStatusBadge } from './outbox-status-badge';

interface OutboxMailDrawerProps {
  mail: OutboxMailResource | null;
  canEdit: boolean;
  retrying: boolean;
  onRetry: (mail: OutboxMailResource) => void;
  onClose: () => void;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/** The mail as plain text (never rendered as HTML), its links with tokens masked by the server. */
export function OutboxMailDrawer({ mail, canEdit, retrying, onRetry, onClose }: OutboxMailDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer opened={mail !== null} onClose={onClose} position="right" size="lg" title={mail?.subject ?? ''}>
      {mail && (
        <Stack>
          <SimpleGrid cols={2}>
            <Field label={t('outbox.to')}>{mail.to}</Field>
            <Field label={t('outbox.status_label')}>
              <OutboxStatusBadge status={mail.status} />
            </Field>
            <Field label={t('outbox.created_at')}>{formatDateTime(mail.created_at)}</Field>
            <Field label={t('outbox.sent_at')}>{mail.sent_at ? formatDateTime(mail.sent_at) : '—'}</Field>
            <Field label={t('outbox.attempts')}>{mail.attempts}</Field>
          </SimpleGrid>
          {mail.last_error && (
            <Field label={t('outbox.last_error')}>
              <Code block c="red" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {mail.last_error}
              </Code>
            </Field>
          )}
          <Field label={t('outbox.text')}>
            <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="outbox-mail-text">
              {mail.text}
            </Code>
            <Text size="xs" c="dimmed" mt={4}>
              {t('outbox.hidden_links')}
            </Text>
          </Field>
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
