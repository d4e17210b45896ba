import { Anchor, Badge, Button, Group, Pagination, Stack, Table, TextInput, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { formatDate } from '../../../lib/format';
import { useListParams } from '../../../lib/list-params';
import { adminLinks, adminPaths } from '../../../lib/paths';
import { useTenants } from '../tenants-queries';

/** Landlord only: the tenants of this installation. */
export function TenantsPage() {
  const { t } = useTranslation();
  const list = useListParams([] as const);
  const tenants = useTenants(list.search, list.page);
  const rows = tenants.data?.data ?? [];
  const lastPage = tenants.data?.meta.last_page ?? 1;

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
        <QueryState isPending={tenants.isPending} error={tenants.error} isEmpty={rows.length === 0} emptyText={t('tenants.empty')} onRetry={() => void tenants.refetch()}>
          <Table.ScrollContainer minWidth={640}>
            <Table highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('tenants.name')}</Table.Th>
                  <Table.Th>{t('tenants.domains')}</Table.Th>
                  <Table.Th>{t('tenants.created_at')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((tenant) => (
                  <Table.Tr key={tenant.id}>
                    <Table.Td>
                      {tenant.name}{' '}
                      {tenant.is_landlord && (
                        <Badge size="sm" variant="light">
                          {t('tenants.landlord')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{tenant.domains.join(', ')}</Table.Td>
                    <Table.Td>{formatDate(tenant.created_at)}</Table.Td>
                    <Table.Td ta="right">
                      <Anchor component={Link} to={adminLinks.tenantEdit(tenant.id)} aria-label={t('tenants.edit_named', { name: tenant.name })}>
                        {t('tenants.edit')}
                      </Anchor>
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
    </>
  );
}
