import { useState } from 'react';
import { Badge, Button, Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type PlatformUserResource, type PlatformUserTab, platformUserTabs } from '@app/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ListTabs } from '../../../components/data-table/list-tabs';
import { useListQueryState } from '../../../components/data-table/use-list-query-state';
import { Icon } from '../../../components/icon';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useBootstrap, useCan } from '../../../lib/session';
import { EditPlatformUserModal, InvitePlatformUserModal } from '../components/platform-user-modals';
import { useDeletePlatformUser, usePlatformUsers, useTogglePlatformUser } from '../platform-users-queries';

const STATUS_COLOR = { invited: 'yellow', active: 'green', disabled: 'gray' } as const;

function readTab(value: string): PlatformUserTab {
  return platformUserTabs.find((tab) => tab === value) ?? 'all';
}

/** Admin area → users: the internal team, tabs all, active and disabled. */
export function PlatformUsersPage() {
  const { t } = useTranslation();
  const can = useCan('platform');
  const { current_user: me } = useBootstrap();
  const list = useListQueryState(['tab'] as const);
  const tab = readTab(list.filters.tab);
  const users = usePlatformUsers(tab, list.search, list.page);
  const toggle = useTogglePlatformUser();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<PlatformUserResource | null>(null);
  const [confirming, setConfirming] = useState<PlatformUserResource | null>(null);
  const remove = useDeletePlatformUser();
  const [deleting, setDeleting] = useState<PlatformUserResource | null>(null);

  const confirmToggle = () => {
    if (!confirming) return;
    const action = confirming.status === 'disabled' ? 'enable' : 'disable';
    toggle.mutate(
      { id: confirming.id, action },
      {
        onSuccess: () => {
          notifySuccess(t(action === 'disable' ? 'platform_users.disabled_done' : 'platform_users.enabled_done'));
          setConfirming(null);
        },
        onError: notifyError,
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(t('platform_users.deleted_done'));
        setDeleting(null);
      },
      onError: notifyError,
    });
  };

  const columns: DataTableColumn<PlatformUserResource>[] = [
    { key: 'name', header: t('platform_users.name'), render: (user) => user.name },
    { key: 'email', header: t('platform_users.email'), render: (user) => user.email },
    { key: 'role', header: t('platform_users.role'), render: (user) => user.role?.name ?? '—' },
    {
      key: 'status',
      header: t('platform_users.status_label'),
      render: (user) => (
        <Badge variant="light" color={STATUS_COLOR[user.status]}>
          {t(`platform_users.status.${user.status}`)}
        </Badge>
      ),
    },
    { key: 'created_at', header: t('platform_users.created_at'), render: (user) => formatDate(user.created_at) },
  ];

  return (
    <>
      <PageHeader
        title={t('platform_users.title')}
        actions={
          can('create-platform-user') && (
            <Button leftSection={<Icon name="plus" size={16} />} onClick={() => setInviting(true)}>
              {t('platform_users.invite')}
            </Button>
          )
        }
      />
      <Stack>
        <ListTabs value={tab} values={platformUserTabs} label={(value) => t(`platform_users.tabs.${value}`)} onChange={(value) => list.update({ tab: value })} />
        <TextInput label={t('platform_users.search')} maw={320} value={list.typed} onChange={(event) => list.setTyped(event.currentTarget.value)} />
        <DataTable
          query={users}
          columns={columns}
          getRowId={(user) => user.id}
          emptyText={t('platform_users.empty')}
          actions={(user) =>
            (can('edit-platform-user') || can('delete-platform-user')) && (
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                {can('edit-platform-user') && (
                  <Button size="xs" variant="subtle" onClick={() => setEditing(user)} aria-label={t('platform_users.edit_named', { name: user.name })}>
                    {t('platform_users.edit')}
                  </Button>
                )}
                {can('edit-platform-user') && user.id !== me.id && (
                  <Button size="xs" variant="subtle" color={user.status === 'disabled' ? undefined : 'red'} onClick={() => setConfirming(user)}>
                    {t(user.status === 'disabled' ? 'platform_users.enable' : 'platform_users.disable')}
                  </Button>
                )}
                {can('delete-platform-user') && user.id !== me.id && (
                  <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(user)} aria-label={t('platform_users.delete_named', { name: user.name })}>
                    {t('platform_users.delete')}
                  </Button>
                )}
              </Group>
            )
          }
        />
      </Stack>
      <InvitePlatformUserModal opened={inviting} onClose={() => setInviting(false)} />
      <EditPlatformUserModal user={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={confirming !== null}
        title={t(confirming?.status === 'disabled' ? 'platform_users.enable' : 'platform_users.disable')}
        message={t(confirming?.status === 'disabled' ? 'platform_users.enable_confirm' : 'platform_users.disable_confirm', { name: confirming?.name ?? '' })}
        variant={confirming?.status === 'disabled' ? 'primary' : 'danger'}
        loading={toggle.isPending}
        onConfirm={confirmToggle}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('platform_users.delete')}
        message={t('platform_users.delete_confirm', { name: deleting?.name ?? '' })}
        variant="danger"
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
