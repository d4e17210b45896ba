import { Anchor, Badge, Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TenantSummary } from '@app/contracts';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { useListQueryState } from '../../../components/data-table/use-list-query-state';
import { Icon } from '../../../components/icon';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/format';
import { adminLinks, adminPaths } from '../../../lib/paths';
import { useTenants } from '../tenants-queries';

/** Landlord only: the tenants of this installation. */
export function TenantsPage() {
  const { t } = useTranslation();
  const list = useListQueryState([] as const);
  const tenants = useTenants(list.search, list.page);

  const columns: DataTableColumn<TenantSummary>[] = [
    {
      key: 'name',
      header: t('tenants.name'),
      render: (tenant) => (
        <>
          {tenant.name}{' '}
          {tenant.is_landlord && (
            <Badge size="sm" variant="light">
              {t('tenants.landlord')}
            </Badge>
          )}
        </>
      ),
    },
    { key: 'domains', header: t('tenants.domains'), render: (tenant) => tenant.domains.join(', ') },
    { key: 'created_at', header: t('tenants.created_at'), render: (tenant) => formatDate(tenant.created_at) },
  ];

  return (
    <>
      <PageHeader
        title={t('tenants.title')}
        actions={
          <Button component={Link} to={adminPaths.tenantCreate} leftSection={<Icon name="plus" size={16} />}>
            {t('tenants.create')}
          </Button>
        }
      />
      <Stack>
        <TextInput label={t('tenants.search')} maw={320} value={list.typed} onChange={(event) => list.setTyped(event.currentTarget.value)} />
        <DataTable
          query={tenants}
          columns={columns}
          getRowId={(tenant) => tenant.id}
          emptyText={t('tenants.empty')}
          minWidth={640}
          actions={(tenant) => (
            <Anchor component={Link} to={adminLinks.tenantEdit(tenant.id)} aria-label={t('tenants.edit_named', { name: tenant.name })}>
              {t('tenants.edit')}
            </Anchor>
          )}
        />
      </Stack>
    </>
  );
}
