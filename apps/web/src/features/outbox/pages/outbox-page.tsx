import { useState } from 'react';
import { Anchor, Button, NativeSelect, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { outboxStatuses, type OutboxMailResource } from '@app/contracts';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { useListQueryState } from '../../../components/data-table/use-list-query-state';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/session';
import { OutboxMailDrawer } from '../components/outbox-mail-drawer';
import { OutboxStatusBadge } from '../components/outbox-status-badge';
import { canRetry, useOutbox, useRetryOutboxMail, type OutboxFilter } from '../outbox-queries';

const FILTERS: readonly OutboxFilter[] = ['all', ...outboxStatuses];

function readFilter(value: string): OutboxFilter {
  return FILTERS.find((filter) => filter === value) ?? 'all';
}

export function OutboxPage() {
  const { t } = useTranslation();
  const can = useCan('platform');
  const canEdit = can('edit-platform-setting');
  const list = useListQueryState(['status'] as const);
  const status = readFilter(list.filters.status);
  const outbox = useOutbox(status, list.page);
  const retry = useRetryOutboxMail();
  const [opened, setOpened] = useState<OutboxMailResource | null>(null);

  const openMail = opened ? (outbox.data?.data.find((mail) => mail.id === opened.id) ?? opened) : null;

  const retryMail = (mail: OutboxMailResource) => {
    retry.mutate(mail.id, { onSuccess: () => notifySuccess(t('outbox.retry_queued')), onError: notifyError });
  };

  const columns: DataTableColumn<OutboxMailResource>[] = [
    {
      key: 'subject',
      header: t('outbox.subject'),
      render: (mail) => (
        <Anchor component="button" type="button" size="sm" onClick={() => setOpened(mail)} ta="left">
          {mail.subject || t('outbox.no_subject')}
        </Anchor>
      ),
    },
    { key: 'to', header: t('outbox.to'), render: (mail) => mail.to },
    { key: 'status', header: t('outbox.status_label'), render: (mail) => <OutboxStatusBadge status={mail.status} /> },
    { key: 'attempts', header: t('outbox.attempts'), render: (mail) => mail.attempts },
    { key: 'created_at', header: t('outbox.created_at'), render: (mail) => <Text size="sm">{formatDateTime(mail.created_at)}</Text> },
  ];

  return (
    <>
      <PageHeader title={t('outbox.title')} description={t('outbox.description')} />
      <Stack>
        <NativeSelect
          label={t('outbox.status_label')}
          maw={240}
          value={status}
          onChange={(event) => list.update({ status: readFilter(event.currentTarget.value) })}
          data={FILTERS.map((filter) => ({ value: filter, label: filter === 'all' ? t('outbox.all') : t(`outbox.status.${filter}`) }))}
        />
        <DataTable
          query={outbox}
          columns={columns}
          getRowId={(mail) => mail.id}
          emptyText={t('outbox.empty')}
          onRowClick={setOpened}
          actions={(mail) =>
            canEdit &&
            canRetry(mail) && (
              <Button
                size="xs"
                variant="light"
                onClick={() => retryMail(mail)}
                loading={retry.isPending && retry.variables === mail.id}
                aria-label={t('outbox.retry_named', { subject: mail.subject })}
              >
                {t('outbox.retry')}
              </Button>
            )
          }
        />
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
