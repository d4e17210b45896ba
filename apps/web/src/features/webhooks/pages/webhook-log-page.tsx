import { Anchor, Button, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { WEBHOOK_RESPONSE_BODY_LIMIT_BYTES, type WebhookLogDetail } from '@app/contracts';
import { LabelledValue } from '../../../components/labelled-value';
import { PageHeader } from '../../../components/page-header';
import { CodeSection, RecordSummaryCard, TitledSection, prettyJson } from '../../../components/record-detail';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { adminLinks, type WebhookArea, webhookLinks } from '../../../lib/paths';
import { useCan } from '../../../lib/session';
import { WebhookLogStatusBadge } from '../components/webhook-badges';
import { useReplayWebhookLog, useWebhookLog } from '../webhooks-queries';

function LogDetails({ area, log }: { area: WebhookArea; log: WebhookLogDetail }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <RecordSummaryCard name={log.event_type} monospace badge={<WebhookLogStatusBadge status={log.status} />}>
        <LabelledValue label={t('webhooks.log.response_status')}>{log.response_status}</LabelledValue>
        <LabelledValue label={t('webhooks.log.duration')}>{t('webhooks.log.duration_ms', { ms: log.duration_ms })}</LabelledValue>
        <LabelledValue label={t('webhooks.log.error')}>{log.error}</LabelledValue>
        <LabelledValue label={t('webhooks.log.attempt')}>{log.attempt}</LabelledValue>
        <LabelledValue label={t('webhooks.log.trigger')}>{t(`webhooks.log.triggers.${log.trigger}`)}</LabelledValue>
        <LabelledValue label={t('webhooks.log.created_at')}>{formatDateTime(log.created_at)}</LabelledValue>
        <LabelledValue label={t('webhooks.url')}>{log.url}</LabelledValue>
        <LabelledValue label={t('webhooks.log.message_id')}>{log.message_id}</LabelledValue>
        <LabelledValue label={t('webhooks.log.event_id')}>
          {area === 'platform' ? (
            <Anchor component={Link} to={adminLinks.outgoingEvent(log.event_id)}>
              {log.event_id}
            </Anchor>
          ) : (
            log.event_id
          )}
        </LabelledValue>
      </RecordSummaryCard>
      <TitledSection id="webhook-request-headers" title={t('webhooks.log.request_headers')}>
        <Table.ScrollContainer minWidth={480}>
          <Table withTableBorder aria-labelledby="webhook-request-headers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('webhooks.log.header_name')}</Table.Th>
                <Table.Th>{t('webhooks.log.header_value')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {Object.entries(log.request_headers).map(([name, value]) => (
                <Table.Tr key={name}>
                  <Table.Td ff="monospace">{name}</Table.Td>
                  <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {value}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </TitledSection>
      <CodeSection id="webhook-request" title={t('webhooks.log.request_body')}>
        {prettyJson(log.request_body)}
      </CodeSection>
      <Stack gap={4}>
        <CodeSection id="webhook-response" title={t('webhooks.log.response_body')} emptyText={t('webhooks.log.no_response')}>
          {log.response_body}
        </CodeSection>
        {log.response_truncated && (
          <Text size="sm" c="dimmed">
            {t('webhooks.log.response_truncated', { bytes: WEBHOOK_RESPONSE_BODY_LIMIT_BYTES })}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}

/** One delivery attempt: what was sent, what came back, and Replay, which sends the event again with the same `webhook-id`. */
export function WebhookLogPage({ area }: { area: WebhookArea }) {
  const { t } = useTranslation();
  const { id = '', logId = '' } = useParams();
  const can = useCan(area);
  const log = useWebhookLog(area, id, logId);
  const replay = useReplayWebhookLog(area);

  const onReplay = () => replay.mutate({ id, logId }, { onSuccess: () => notifySuccess(t('webhooks.log.replayed')), onError: notifyError });

  return (
    <>
      <PageHeader
        title={t('webhooks.log.title')}
        actions={
          <>
            {can('edit-webhook') && log.data && (
              <Button onClick={onReplay} loading={replay.isPending}>
                {t('webhooks.log.replay')}
              </Button>
            )}
            <Button component={Link} to={webhookLinks(area).endpoint(id)} variant="default">
              {t('common.back')}
            </Button>
          </>
        }
      />
      <QueryState isPending={log.isPending} error={log.error} onRetry={() => void log.refetch()}>
        {log.data && <LogDetails area={area} log={log.data} />}
      </QueryState>
    </>
  );
}

export function AdminWebhookLogPage() {
  return <WebhookLogPage area="platform" />;
}

export function BusinessWebhookLogPage() {
  return <WebhookLogPage area="business" />;
}
