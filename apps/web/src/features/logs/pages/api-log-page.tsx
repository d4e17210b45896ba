import { Badge, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { adminPaths } from '../../../lib/paths';
import { useApiLog } from '../logs-queries';
import { statusColor } from './api-logs-page';
import { LabelledValue } from '../../../components/labelled-value';
import { CodeSection, RecordSummaryCard } from '../../../components/record-detail';

/** A body a client sent or got, as indented JSON; null when there was none. */
function jsonText(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value, null, 2);
}

export function ApiLogPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const log = useApiLog(id);
  const data = log.data;
  return (
    <>
      <PageHeader
        title={t('logs.detail_title')}
        actions={
          <Button component={Link} to={adminPaths.apiLogs} variant="default">
            {t('common.back')}
          </Button>
        }
      />
      <QueryState isPending={log.isPending} error={log.error} onRetry={() => void log.refetch()}>
        {data && (
          <Stack gap="lg">
            <RecordSummaryCard
              name={`${data.method} ${data.url}`}
              badge={
                <Badge variant="light" color={statusColor(data.response_code)}>
                  {data.response_code}
                </Badge>
              }
            >
              <LabelledValue label={t('logs.user')}>{data.user ? `${data.user.name} <${data.user.email}>` : null}</LabelledValue>
              <LabelledValue label={t('logs.api_client')}>{data.api_client}</LabelledValue>
              <LabelledValue label={t('logs.business')}>{data.business?.name ?? null}</LabelledValue>
              <LabelledValue label={t('logs.created_at')}>{formatDateTime(data.created_at)}</LabelledValue>
              <LabelledValue label={t('logs.ip')}>{data.ip}</LabelledValue>
              <LabelledValue label={t('logs.load_time')}>{t('logs.ms', { count: data.load_time_ms })}</LabelledValue>
              <LabelledValue label={t('logs.response_size')}>{t('logs.bytes', { count: data.response_size })}</LabelledValue>
              <LabelledValue label={t('logs.client')}>{data.client}</LabelledValue>
              <LabelledValue label={t('logs.app')}>{[data.app_name, data.app_version].filter(Boolean).join(' ') || null}</LabelledValue>
              <LabelledValue label={t('logs.timezone')}>{data.timezone}</LabelledValue>
            </RecordSummaryCard>
            <CodeSection id="request" title={t('logs.request_body')} emptyText={t('logs.no_body')}>
              {jsonText(data.request_body)}
            </CodeSection>
            <CodeSection id="response" title={t('logs.response_body')} emptyText={t('logs.no_body')}>
              {jsonText(data.response_body)}
            </CodeSection>
          </Stack>
        )}
      </QueryState>
    </>
  );
}
