import { useState } from 'react';
import { Anchor, Badge, Button, CloseButton, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type AuditAction, type AuditLogResource, auditActions, auditModels } from '@app/contracts';
import { DataTable, type DataTableColumn, detailRowId } from '../../../components/data-table/data-table';
import { DateField } from '../../../components/date-field';
import { useListQueryState } from '../../../components/data-table/use-list-query-state';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/format';
import { AuditChanges } from '../components/audit-changes';
import { type AuditArea, type AuditFilters, useAuditLog } from '../audit-queries';

const ACTION_COLOR: Record<AuditAction, string> = { created: 'green', updated: 'blue', deleted: 'red' };
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const FILTER_KEYS = ['model', 'action', 'user_id', 'user_name', 'from_date', 'to_date'] as const;

const readDate = (value: string) => (DATE.test(value) ? value : '');

/** Who changed what: filters in the URL, a row opens to show each field's before and after. */
function AuditLogPage({ area }: { area: AuditArea }) {
  const { t } = useTranslation();
  const list = useListQueryState(FILTER_KEYS);
  const filters: AuditFilters = {
    model: list.filters.model,
    action: auditActions.find((a) => a === list.filters.action) ?? '',
    userId: list.filters.user_id,
    from: readDate(list.filters.from_date),
    to: readDate(list.filters.to_date),
    page: list.page,
  };
  const log = useAuditLog(area, filters);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());

  const toggle = (id: string) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const columns: DataTableColumn<AuditLogResource>[] = [
    { key: 'when', header: t('audit.when'), render: (entry) => formatDateTime(entry.created_at) },
    {
      key: 'user',
      header: t('audit.user'),
      render: ({ user }) =>
        user ? (
          <Anchor component="button" type="button" size="sm" onClick={() => list.update({ user_id: user.id, user_name: user.name })}>
            {user.name}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {t('audit.system')}
          </Text>
        ),
    },
    { key: 'model', header: t('audit.model'), render: (entry) => t(`audit.models.${entry.model}`, { defaultValue: entry.model }) },
    {
      key: 'action',
      header: t('audit.action'),
      render: (entry) => (
        <Badge variant="light" color={ACTION_COLOR[entry.action]}>
          {t(`audit.actions.${entry.action}`)}
        </Badge>
      ),
    },
    {
      key: 'record',
      header: t('audit.record'),
      // The record as people know it; the internal id only when nothing recorded names it.
      render: (entry) =>
        entry.subject_label === null ? (
          <Text size="xs" ff="monospace">
            {entry.model_id}
          </Text>
        ) : (
          <Text size="sm">{entry.subject_label}</Text>
        ),
    },
    {
      key: 'changes',
      header: t('audit.changes'),
      render: (entry) => {
        const expanded = open.has(entry.id);
        return (
          <Button size="xs" variant="subtle" aria-expanded={expanded} aria-controls={detailRowId(entry.id)} onClick={() => toggle(entry.id)}>
            {t(expanded ? 'audit.hide_changes' : 'audit.show_changes', { count: Object.keys(entry.changes).length })}
          </Button>
        );
      },
    },
  ];

  return (
    <>
      <PageHeader title={t('audit.title')} description={t(area === 'admin' ? 'audit.admin_description' : 'audit.description')} />
      <Stack>
        <Group align="flex-end" wrap="wrap">
          <NativeSelect
            label={t('audit.model')}
            value={filters.model}
            onChange={(event) => list.update({ model: event.currentTarget.value })}
            data={[{ value: '', label: t('audit.all') }, ...auditModels.map((model) => ({ value: model, label: t(`audit.models.${model}`) }))]}
          />
          <NativeSelect
            label={t('audit.action')}
            value={filters.action}
            onChange={(event) => list.update({ action: event.currentTarget.value })}
            data={[{ value: '', label: t('audit.all') }, ...auditActions.map((action) => ({ value: action, label: t(`audit.actions.${action}`) }))]}
          />
          <DateField label={t('audit.from')} w={170} value={filters.from} max={filters.to} onChange={(from_date) => list.update({ from_date })} />
          <DateField label={t('audit.to')} w={170} value={filters.to} min={filters.from} onChange={(to_date) => list.update({ to_date })} />
          {filters.userId && (
            <Badge
              size="lg"
              variant="light"
              rightSection={<CloseButton size="xs" aria-label={t('audit.clear_user')} onClick={() => list.update({ user_id: '', user_name: '' })} />}
            >
              {t('audit.only_user', { name: list.filters.user_name || filters.userId })}
            </Badge>
          )}
        </Group>
        <DataTable
          query={log}
          columns={columns}
          getRowId={(entry) => entry.id}
          emptyText={t('audit.empty')}
          highlightOnHover={false}
          renderDetail={(entry) => (open.has(entry.id) ? <AuditChanges entry={entry} /> : null)}
        />
      </Stack>
    </>
  );
}

export function CompanyAuditLogPage() {
  return <AuditLogPage area="company" />;
}

export function AdminAuditLogPage() {
  return <AuditLogPage area="admin" />;
}
