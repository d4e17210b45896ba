import { Badge, Button, Card, Code, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { adminPaths } from '../../../lib/paths';
import { useApiLog } from '../logs-queries';
import { statusColor } from './api-logs-page';
import { LabelledValue } from '../../../components/labelled-value';

/** Bodies are shown as text, never as HTML: whatever a client sent is rendered inert. */
function Body({ id, title, value }: { id: string; title: string; value: unknown }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={id}>
      <Title order={2} fz="h4" id={id} mb="xs">
        {title}
      </Title>
      {value === null || value === undefined ? (
        <Text c="dimmed">{t('logs.no_body')}</Text>
      ) : (
        <Code block data-testid={`${id}-body`} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {JSON.stringify(value, null, 2)}
        </Code>
      )}
    </section>
  );
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
            <Card withBorder>
              <Stack gap="sm">
                <Text fw={600} style={{ wordBreak: 'break-all' }}>
                  {data.method} {data.url}{' '}
                  <Badge variant="light" color={statusColor(data.response_code)}>
                    {data.response_code}
                  </Badge>
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  <LabelledValue label={t('logs.user')}>{data.user ? `${data.user.name} <${data.user.email}>` : null}</LabelledValue>
                  <LabelledValue label={t('logs.business')}>{data.business?.name ?? null}</LabelledValue>
                  <LabelledValue label={t('logs.created_at')}>{formatDateTime(data.created_at)}</LabelledValue>
                  <LabelledValue label={t('logs.ip')}>{data.ip}</LabelledValue>
                  <LabelledValue label={t('logs.load_time')}>{t('logs.ms', { count: data.load_time_ms })}</LabelledValue>
                  <LabelledValue label={t('logs.response_size')}>{t('logs.bytes', { count: data.response_size })}</LabelledValue>
                  <LabelledValue label={t('logs.client')}>{data.client}</LabelledValue>
                  <LabelledValue label={t('logs.app')}>{[data.app_name, data.app_version].filter(Boolean).join(' ') || null}</LabelledValue>
                  <LabelledValue label={t('logs.timezone')}>{data.timezone}</LabelledValue>
                </SimpleGrid>
              </Stack>
            </Card>
            <Body id="request" title={t('logs.request_body')} value={data.request_body} />
            <Body id="response" title={t('logs.response_body')} value={data.response_body} />
          </Stack>
        )}
      </QueryState>
    </>
  );
}
