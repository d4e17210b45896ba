import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, Menu, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type AdminBusinessResource, type AdminBusinessTab, adminBusinessTabs } from '@app/contracts';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ListTabs } from '../../../components/data-table/list-tabs';
import { useListQueryState } from '../../../components/data-table/use-list-query-state';
import { Icon } from '../../../components/icon';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/format';
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
  const list = useListQueryState(['tab'] as const);
  const tab = readTab(list.filters.tab);
  const businesses = useAdminBusinesses(tab, list.search, list.page);
  const action = useAdminBusinessAction();
  const [deleting, setDeleting] = useState<AdminBusinessResource | null>(null);

  const toggle = (business: AdminBusinessResource) => {
    const next = business.disabled ? 'enable' : 'disable';
    action.mutate(
      { id: business.id, action: next },
      { onSuccess: () => notifySuccess(t(next === 'disable' ? 'admin_businesses.disabled_done' : 'admin_businesses.enabled_done')), onError: notifyError },
    );
  };

  const columns: DataTableColumn<AdminBusinessResource>[] = [
    {
      key: 'name',
      header: t('admin_businesses.name'),
      render: (business) => (
        <Anchor component={Link} to={adminLinks.businessView(business.id)}>
          {business.name}
        </Anchor>
      ),
    },
    { key: 'owner', header: t('admin_businesses.owner'), render: (business) => business.owner?.email ?? '—' },
    { key: 'type', header: t('admin_businesses.type'), render: (business) => t(`admin_businesses.types.${business.type}`) },
    {
      key: 'status',
      header: t('admin_businesses.status'),
      render: (business) => (
        <Badge color={business.disabled ? 'gray' : 'green'} variant="light">
          {t(business.disabled ? 'admin_businesses.disabled' : 'admin_businesses.active')}
        </Badge>
      ),
    },
    { key: 'created_at', header: t('admin_businesses.created_at'), render: (business) => formatDate(business.created_at) },
  ];

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
        <ListTabs value={tab} values={adminBusinessTabs} label={(value) => t(`admin_businesses.tabs.${value}`)} onChange={(value) => list.update({ tab: value })} />
        <TextInput label={t('admin_businesses.search')} maw={320} value={list.typed} onChange={(event) => list.setTyped(event.currentTarget.value)} />
        <DataTable
          query={businesses}
          columns={columns}
          getRowId={(business) => business.id}
          emptyText={businesses.data?.meta.business_total_count === 0 ? t('admin_businesses.none_yet') : t('admin_businesses.empty')}
          minWidth={760}
          actions={(business) => (
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
                  <Menu.Item color="red.9" onClick={() => setDeleting(business)}>
                    {t('admin_businesses.delete')}
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        />
      </Stack>
      <DeleteBusinessDialog business={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
