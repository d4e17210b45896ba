import { useState } from 'react';
import { Badge, Button, Group, Pagination, Stack, Table, Tabs, TextInput, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type PlatformUserResource, type PlatformUserTab, platformUserTabs } from '@app/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Icon } from '../../../components/icon';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { formatDate } from '../../../lib/format';
import { useListParams } from '../../../lib/list-params';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useBootstrap, useCan } from '../../../lib/session';
import { EditPlatformUserModal, InvitePlatformUserModal } from '../components/platform-user-modals';
import { usePlatformUsers, useTogglePlatformUser } from '../platform-users-queries';

const STATUS_COLOR = { invited: 'yellow', active: 'green', disabled: 'gray' } as const;

function readTab(value: string): PlatformUserTab {
  return platformUserTabs.find((tab) => tab === value) ?? 'all';
}

/** Admin area → users: the internal team, tabs all, active and disabled. */
export function PlatformUsersPage() {
  const { t } = useTranslation();
  const can = useCan('platform');
  const { current_user: me } = useBootstrap();
  const list = useListParams(['tab'] as const);
  const tab = readTab(list.filters.tab);
  const users = usePlatformUsers(tab, list.search, list.page);
  const toggle = useTogglePlatformUser();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<PlatformUserResource | null>(null);
  const [confirming, setConfirming] = useState<PlatformUserResource | null>(null);

  const rows = users.data?.data ?? [];
  const lastPage = users.data?.meta.last_page ?? 1;

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
        <Tabs value={tab} onChange={(value) => list.update({ tab: readTab(value ?? '') })}>
          <Tabs.List>
            {platformUserTabs.map((value) => (
              <Tabs.Tab key={value} value={value}>
                {t(`platform_users.tabs.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <TextInput label={t('platform_users.search')} maw={320} value={list.typed} onChange={(event) => list.setTyped(event.currentTarget.value)} />
        <QueryState isPending={users.isPending} error={users.error} isEmpty={rows.length === 0} emptyText={t('platform_users.empty')} onRetry={() => void users.refetch()}>
          <Table.ScrollContainer minWidth={720}>
            <Table highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('platform_users.name')}</Table.Th>
                  <Table.Th>{t('platform_users.email')}</Table.Th>
                  <Table.Th>{t('platform_users.role')}</Table.Th>
                  <Table.Th>{t('platform_users.status_label')}</Table.Th>
                  <Table.Th>{t('platform_users.created_at')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((user) => (
                  <Table.Tr key={user.id}>
                    <Table.Td>{user.name}</Table.Td>
                    <Table.Td>{user.email}</Table.Td>
                    <Table.Td>{user.role?.name ?? '—'}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={STATUS_COLOR[user.status]}>
                        {t(`platform_users.status.${user.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatDate(user.created_at)}</Table.Td>
                    <Table.Td ta="right">
                      {can('edit-platform-user') && (
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          <Button size="xs" variant="subtle" onClick={() => setEditing(user)} aria-label={t('platform_users.edit_named', { name: user.name })}>
                            {t('platform_users.edit')}
                          </Button>
                          {user.id !== me.id && (
                            <Button size="xs" variant="subtle" color={user.status === 'disabled' ? undefined : 'red'} onClick={() => setConfirming(user)}>
                              {t(user.status === 'disabled' ? 'platform_users.enable' : 'platform_users.disable')}
                            </Button>
                          )}
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
              <Pagination total={lastPage} value={list.page} onChange={(page) => list.update({ page })} />
            </Group>
          )}
        </QueryState>
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
    </>
  );
}
