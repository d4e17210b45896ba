import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type AbilityScope, type RoleResource, canGrant } from '@app/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { useListQueryState } from '../../../components/data-table/use-list-query-state';
import { Icon } from '../../../components/icon';
import { PageHeader } from '../../../components/page-header';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { abilitiesFor, useBootstrap, useCan } from '../../../lib/session';
import { RoleFormModal } from '../components/role-form-modal';
import { useDeleteRole, useRoleList } from '../roles-queries';

/** Roles of one scope: business roles in settings, the internal team's under /admin. */
function RolesPage({ scope }: { scope: AbilityScope }) {
  const { t } = useTranslation();
  const canManage = useCan(scope)('manage-role');
  const held = abilitiesFor(useBootstrap(), scope);
  const { page } = useListQueryState([] as const);
  const roles = useRoleList(scope, page);
  const remove = useDeleteRole(scope);
  const [editing, setEditing] = useState<RoleResource | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RoleResource | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => notifySuccess(t('roles.deleted')),
      onError: notifyError,
      onSettled: () => setDeleting(null),
    });
  };

  const columns: DataTableColumn<RoleResource>[] = [
    {
      key: 'name',
      header: t('roles.name'),
      render: (role) => (
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
      ),
    },
    { key: 'description', header: t('roles.description'), render: (role) => role.description },
    {
      key: 'permissions',
      header: t('roles.permissions'),
      render: (role) => (role.abilities.includes('*') ? t('roles.all_permissions') : t('roles.permission_count', { count: role.abilities.length })),
    },
    { key: 'users', header: t('roles.users'), render: (role) => role.users_count },
  ];

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
      <DataTable
        query={roles}
        columns={columns}
        getRowId={(role) => role.id}
        minWidth={640}
        actions={(role) =>
          canManage &&
          !role.is_system &&
          canGrant(held, role.abilities) && (
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
          )
        }
      />
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
