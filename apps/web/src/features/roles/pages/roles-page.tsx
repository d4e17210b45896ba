import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Pagination, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AbilityScope, RoleResource } from '@app/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Icon } from '../../../components/icon';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/session';
import { RoleFormModal } from '../components/role-form-modal';
import { useDeleteRole, useRoleList } from '../roles-queries';

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** Roles of one scope: business roles in settings, the internal team's under /admin. */
function RolesPage({ scope }: { scope: AbilityScope }) {
  const { t } = useTranslation();
  const canManage = useCan(scope)('manage-role');
  const [params, setParams] = useSearchParams();
  const page = readPage(params.get('page'));
  const roles = useRoleList(scope, page);
  const remove = useDeleteRole(scope);
  const [editing, setEditing] = useState<RoleResource | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RoleResource | null>(null);
  const rows = roles.data?.data ?? [];
  const lastPage = roles.data?.meta.last_page ?? 1;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => notifySuccess(t('roles.deleted')),
      onError: notifyError,
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <>
      <PageHeader
        title={t(scope === 'platform' ? 'roles.platform_title' : 'roles.title')}
        description={t('roles.description_text')}
        actions={
          canManage && (
            <Button leftSection={<Icon name="plus" size={16} />} onClick={() => setEditing('new')}>
              {t('roles.create')}
            </Button>
          )
        }
      />
      <QueryState isPending={roles.isPending} error={roles.error} isEmpty={rows.length === 0} onRetry={() => void roles.refetch()}>
        <Table.ScrollContainer minWidth={640}>
          <Table highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('roles.name')}</Table.Th>
                <Table.Th>{t('roles.description')}</Table.Th>
                <Table.Th>{t('roles.permissions')}</Table.Th>
                <Table.Th>{t('roles.users')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((role) => (
                <Table.Tr key={role.id}>
                  <Table.Td>
                    <Group gap="xs">
                      <Text size="sm" fw={500}>
                        {role.name}
                      </Text>
                      {role.is_system && (
                        <Badge size="xs" variant="light" color="gray">
                          {t('roles.system')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{role.description}</Table.Td>
                  <Table.Td>{role.abilities.includes('*') ? t('roles.all_permissions') : t('roles.permission_count', { count: role.abilities.length })}</Table.Td>
                  <Table.Td>{role.users_count}</Table.Td>
                  <Table.Td ta="right">
                    {canManage && !role.is_system && (
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label={t('roles.edit')}>
                          <ActionIcon variant="subtle" aria-label={t('roles.edit_named', { name: role.name })} onClick={() => setEditing(role)}>
                            <Icon name="edit" size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('roles.delete')}>
                          <ActionIcon variant="subtle" color="red" aria-label={t('roles.delete_named', { name: role.name })} onClick={() => setDeleting(role)}>
                            <Icon name="trash" size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {lastPage > 1 && (
          <Group justify="flex-end">
            <Pagination total={lastPage} value={page} onChange={(next) => setParams({ page: String(next) }, { replace: true })} />
          </Group>
        )}
      </QueryState>
      {editing && <RoleFormModal scope={scope} role={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('roles.delete_title')}
        message={t('roles.delete_message', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

export function BusinessRolesPage() {
  return <RolesPage scope="business" />;
}

export function PlatformRolesPage() {
  return <RolesPage scope="platform" />;
}
