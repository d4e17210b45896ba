import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, Group, Menu, Pagination, Stack, Table, Tabs, TextInput, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type AdminBusinessResource, type AdminBusinessTab, adminBusinessTabs } from '@app/contracts';
import { Icon } from '../../../components/icon';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { formatDate } from '../../../lib/format';
import { useListParams } from '../../../lib/list-params';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { adminLinks, adminPaths } from '../../../lib/paths';
import { useCan } from '../../../lib/session';
import { DeleteBusinessDialog } from '../components/delete-business-dialog';
import { useAdminBusinessAction, useAdminBusinesses } from '../businesses-queries';

function readTab(value: string): AdminBusinessTab {
  return adminBusinessTabs.find((tab) => tab === value) ?? 'active';
}

/** Admin area → businesses: tabs active (default), disabled and all, kept in the URL with search and page. */
export function AdminBusinessesPage() {
  const { t } = useTranslation();
  const can = useCan('platform');
  const list = useListParams(['tab'] as const);
  const tab = readTab(list.filters.tab);
  const businesses = useAdminBusinesses(tab, list.search, list.page);
  const action = useAdminBusinessAction();
  const [deleting, setDeleting] = useState<AdminBusinessResource | null>(null);

  const rows = businesses.data?.data ?? [];
  const lastPage = businesses.data?.meta.last_page ?? 1;

  const toggle = (business: AdminBusinessResource) => {
    const next = business.disabled ? 'enable' : 'disable';
    action.mutate(
      { id: business.id, action: next },
      { onSuccess: () => notifySuccess(t(next === 'disable' ? 'admin_businesses.disabled_done' : 'admin_businesses.enabled_done')), onError: notifyError },
    );
  };

  return (
    <>
      <PageHeader
        title={t('admin_businesses.title')}
        actions={
          can('create-business') && (
            <Button component={Link} to={adminPaths.businessCreate} leftSection={<Icon name="plus" size={16} />}>
              {t('admin_businesses.create')}
            </Button>
          )
        }
      />
      <Stack>
        <Tabs value={tab} onChange={(value) => list.update({ tab: readTab(value ?? '') })}>
          <Tabs.List>
            {adminBusinessTabs.map((value) => (
              <Tabs.Tab key={value} value={value}>
                {t(`admin_businesses.tabs.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <TextInput label={t('admin_businesses.search')} maw={320} value={list.typed} onChange={(event) => list.setTyped(event.currentTarget.value)} />
        <QueryState
          isPending={businesses.isPending}
          error={businesses.error}
          isEmpty={rows.length === 0}
          emptyText={businesses.data?.meta.business_total_count === 0 ? t('admin_businesses.none_yet') : t('admin_businesses.empty')}
          onRetry={() => void businesses.refetch()}
        >
          <Table.ScrollContainer minWidth={760}>
            <Table highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin_businesses.name')}</Table.Th>
                  <Table.Th>{t('admin_businesses.owner')}</Table.Th>
                  <Table.Th>{t('admin_businesses.type')}</Table.Th>
                  <Table.Th>{t('admin_businesses.status')}</Table.Th>
                  <Table.Th>{t('admin_businesses.created_at')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((business) => (
                  <Table.Tr key={business.id}>
                    <Table.Td>
                      <Anchor component={Link} to={adminLinks.businessView(business.id)}>
                        {business.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{business.owner?.email ?? '—'}</Table.Td>
                    <Table.Td>{t(`admin_businesses.types.${business.type}`)}</Table.Td>
                    <Table.Td>
                      <Badge color={business.disabled ? 'gray' : 'green'} variant="light">
                        {t(business.disabled ? 'admin_businesses.disabled' : 'admin_businesses.active')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatDate(business.created_at)}</Table.Td>
                    <Table.Td ta="right">
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon variant="subtle" aria-label={t('admin_businesses.actions_for', { name: business.name })}>
                            <Icon name="dots" size={18} />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item component={Link} to={adminLinks.businessView(business.id)}>
                            {t('admin_businesses.view')}
                          </Menu.Item>
                          {can('edit-business') && (
                            <>
                              <Menu.Item component={Link} to={adminLinks.businessEdit(business.id)}>
                                {t('admin_businesses.edit')}
                              </Menu.Item>
                              <Menu.Item onClick={() => toggle(business)}>{t(business.disabled ? 'admin_businesses.enable' : 'admin_businesses.disable')}</Menu.Item>
                            </>
                          )}
                          {can('delete-business') && (
                            <Menu.Item color="red" onClick={() => setDeleting(business)}>
                              {t('admin_businesses.delete')}
                            </Menu.Item>
                          )}
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {lastPage > 1 && (
            <Group justify="flex-end">
              <Pagination total={lastPage} value={list.page} onChange={(page) => list.update({ page })} />
            </Group>
          )}
        </QueryState>
      </Stack>
      <DeleteBusinessDialog business={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
