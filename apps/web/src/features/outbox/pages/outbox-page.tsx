import { useState } from 'react';
import { Anchor, Button, Group, NativeSelect, Pagination, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { outboxStatuses, type OutboxMailResource } from '@app/contracts';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/session';
import { OutboxMailDrawer } from '../components/outbox-mail-drawer';
import { OutboxStatusBadge } from '../components/outbox-status-badge';
import { canRetry, useOutbox, useRetryOutboxMail, type OutboxFilter } from '../outbox-queries';

const FILTERS: readonly OutboxFilter[] = ['all', ...outboxStatuses];

function readFilter(value: string | null): OutboxFilter {
  return FILTERS.find((filter) => filter === value) ?? 'all';
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

export function OutboxPage() {
  const { t } = useTranslation();
  const can = useCan('platform');
  const canEdit = can('edit-platform-setting');
  const [searchParams, setSearchParams] = useSearchParams();
  const status = readFilter(searchParams.get('status'));
  const page = readPage(searchParams.get('page'));
  const outbox = useOutbox(status, page);
  const retry = useRetryOutboxMail();
  const [opened, setOpened] = useState<OutboxMailResource | null>(null);

  const rows = outbox.data?.data ?? [];
  const lastPage = outbox.data?.meta.last_page ?? 1;
  const openMail = opened ? (rows.find((mail) => mail.id === opened.id) ?? opened) : null;

  const setQuery = (next: { status?: OutboxFilter; page?: number }) => {
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        params.set('status', next.status ?? status);
        params.set('page', String(next.page ?? 1));
        return params;
      },
      { replace: true },
    );
  };

  const retryMail = (mail: OutboxMailResource) => {
    retry.mutate(mail.id, { onSuccess: () => notifySuccess(t('outbox.retry_queued')), onError: notifyError });
  };

  return (
    <>
      <PageHeader title={t('outbox.title')} description={t('outbox.description')} />
      <Stack>
        <NativeSelect
          label={t('outbox.status_label')}
          maw={240}
          value={status}
          onChange={(event) => setQuery({ status: readFilter(event.currentTarget.value) })}
          data={FILTERS.map((filter) => ({ value: filter, label: filter === 'all' ? t('outbox.all') : t(`outbox.status.${filter}`) }))}
        />
        <QueryState
          isPending={outbox.isPending}
          error={outbox.error}
          isEmpty={rows.length === 0}
          emptyText={t('outbox.empty')}
          onRetry={() => void outbox.refetch()}
        >
          <Table.ScrollContainer minWidth={720}>
            <Table highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('outbox.subject')}</Table.Th>
                  <Table.Th>{t('outbox.to')}</Table.Th>
                  <Table.Th>{t('outbox.status_label')}</Table.Th>
                  <Table.Th>{t('outbox.attempts')}</Table.Th>
                  <Table.Th>{t('outbox.created_at')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((mail) => (
                  <Table.Tr key={mail.id} onClick={() => setOpened(mail)} style={{ cursor: 'pointer' }}>
                    <Table.Td>
                      <Anchor component="button" type="button" size="sm" onClick={() => setOpened(mail)} ta="left">
                        {mail.subject || t('outbox.no_subject')}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{mail.to}</Table.Td>
                    <Table.Td>
                      <OutboxStatusBadge status={mail.status} />
                    </Table.Td>
                    <Table.Td>{mail.attempts}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(mail.created_at)}</Text>
                    </Table.Td>
                    <Table.Td ta="right" onClick={(event) => event.stopPropagation()}>
                      {canEdit && canRetry(mail) && (
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => retryMail(mail)}
                          loading={retry.isPending && retry.variables === mail.id}
                          aria-label={t('outbox.retry_named', { subject: mail.subject })}
                        >
                          {t('outbox.retry')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {lastPage > 1 && (
            <Group justify="flex-end">
              <Pagination total={lastPage} value={page} onChange={(next) => setQuery({ page: next })} />
            </Group>
          )}
        </QueryState>
      </Stack>
      <OutboxMailDrawer
        mail={openMail}
        canEdit={canEdit}
        retrying={retry.isPending && retry.variables === openMail?.id}
        onRetry={retryMail}
        onClose={() => setOpened(null)}
      />
    </>
  );
}
