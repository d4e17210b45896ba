import { Fragment, useState } from 'react';
import { Anchor, Badge, Button, CloseButton, Group, NativeSelect, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type AuditAction, auditActions, auditModels } from '@app/contracts';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { AuditChanges } from '../components/audit-changes';
import { type AuditArea, type AuditFilters, useAuditLog } from '../audit-queries';

const ACTION_COLOR: Record<AuditAction, string> = { created: 'green', updated: 'blue', deleted: 'red' };
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function readFilters(params: URLSearchParams): AuditFilters {
  const page = Number(params.get('page'));
  const date = (key: string) => {
    const value = params.get(key) ?? '';
    return DATE.test(value) ? value : '';
  };
  return {
    model: params.get('model') ?? '',
    action: auditActions.find((a) => a === params.get('action')) ?? '',
    userId: params.get('user_id') ?? '',
    from: date('from_date'),
    to: date('to_date'),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** Who changed what: filters in the URL, a row opens to show each field's before and after. */
function AuditLogPage({ area }: { area: AuditArea }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const log = useAuditLog(area, filters);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const rows = log.data?.data ?? [];
  const lastPage = log.data?.meta.last_page ?? 1;
  const userLabel = params.get('user_name');

  const setFilter = (changes: Record<string, string>) => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in changes)) next.set('page', '1');
        return next;
      },
      { replace: true },
    );
  };

  const toggle = (id: string) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <>
      <PageHeader title={t('audit.title')} description={t(area === 'admin' ? 'audit.admin_description' : 'audit.description')} />
      <Stack>
        <Group align="flex-end" wrap="wrap">
          <NativeSelect
            label={t('audit.model')}
            value={filters.model}
            onChange={(event) => setFilter({ model: event.currentTarget.value })}
            data={[{ value: '', label: t('audit.all') }, ...auditModels.map((model) => ({ value: model, label: t(`audit.models.${model}`) }))]}
          />
          <NativeSelect
            label={t('audit.action')}
            value={filters.action}
            onChange={(event) => setFilter({ action: event.currentTarget.value })}
            data={[{ value: '', label: t('audit.all') }, ...auditActions.map((action) => ({ value: action, label: t(`audit.actions.${action}`) }))]}
          />
          <TextInput type="date" label={t('audit.from')} value={filters.from} onChange={(event) => setFilter({ from_date: event.currentTarget.value })} />
          <TextInput type="date" label={t('audit.to')} value={filters.to} onChange={(event) => setFilter({ to_date: event.currentTarget.value })} />
          {filters.userId && (
            <Badge
              size="lg"
              variant="light"
              rightSection={<CloseButton size="xs" aria-label={t('audit.clear_user')} onClick={() => setFilter({ user_id: '', user_name: '' })} />}
            >
              {t('audit.only_user', { name: userLabel ?? filters.userId })}
            </Badge>
          )}
        </Group>
        <QueryState isPending={log.isPending} error={log.error} isEmpty={rows.length === 0} emptyText={t('audit.empty')} onRetry={() => void log.refetch()}>
          <Table.ScrollContainer minWidth={720}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('audit.when')}</Table.Th>
                  <Table.Th>{t('audit.user')}</Table.Th>
                  <Table.Th>{t('audit.model')}</Table.Th>
                  <Table.Th>{t('audit.action')}</Table.Th>
                  <Table.Th>{t('audit.record')}</Table.Th>
                  <Table.Th>{t('audit.changes')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((entry) => {
                  const expanded = open.has(entry.id);
                  return (
                    <Fragment key={entry.id}>
                      <Table.Tr>
                        <Table.Td>{formatDateTime(entry.created_at)}</Table.Td>
                        <Table.Td>
                          {entry.user ? (
                            <Anchor component="button" type="button" size="sm" onClick={() => setFilter({ user_id: entry.user?.id ?? '', user_name: entry.user?.name ?? '' })}>
                              {entry.user.name}
                            </Anchor>
                          ) : (
                            <Text size="sm" c="dimmed">
                              {t('audit.system')}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>{t(`audit.models.${entry.model}`, { defaultValue: entry.model })}</Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={ACTION_COLOR[entry.action]}>
                            {t(`audit.actions.${entry.action}`)}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <Text size="xs" ff="monospace">
                            {entry.model_id}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Button size="xs" variant="subtle" aria-expanded={expanded} aria-controls={`audit-${entry.id}`} onClick={() => toggle(entry.id)}>
                            {t(expanded ? 'audit.hide_changes' : 'audit.show_changes', { count: Object.keys(entry.changes).length })}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                      {expanded && (
                        <Table.Tr id={`audit-${entry.id}`}>
                          <Table.Td colSpan={6}>
                            <AuditChanges entry={entry} />
                          </Table.Td>
                        </Table.Tr>
                      )}
                    </Fragment>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {lastPage > 1 && (
            <Group justify="flex-end">
              <Pagination total={lastPage} value={filters.page} onChange={(next) => setFilter({ page: String(next) })} />
            </Group>
          )}
        </QueryState>
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
