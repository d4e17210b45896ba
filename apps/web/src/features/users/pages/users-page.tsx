import { useState } from 'react';
import { Avatar, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type MembershipStatus, type TeamUserResource, type TeamUserTab, teamUserTabs } from '@app/contracts';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ListTabs } from '../../../components/data-table/list-tabs';
import { useListQueryState } from '../../../components/data-table/use-list-query-state';
import { Icon } from '../../../components/icon';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/format';
import { companyPaths } from '../../../lib/paths';
import { safeUrl } from '../../../lib/safe-url';
import { useCan } from '../../../lib/session';
import { InviteUserModal } from '../components/invite-user-modal';
import { UserActions } from '../components/user-actions';
import { useTeamUsers } from '../users-queries';

const STATUS_COLOR: Record<MembershipStatus, string> = { invited: 'yellow', active: 'green', disabled: 'gray' };

function readTab(value: string): TeamUserTab {
  return teamUserTabs.find((tab) => tab === value) ?? 'all';
}

/** The business's team, tab, search and page in the URL; `highlight` marks one row (from the header search). */
export function UsersPage() {
  const { t } = useTranslation();
  const can = useCan('business');
  const list = useListQueryState(['tab', 'highlight'] as const, { transient: ['highlight'] });
  const tab = readTab(list.filters.tab);
  const [inviting, setInviting] = useState(false);
  const users = useTeamUsers(tab, list.search, list.page);
  const nobodyYet = users.data?.meta.user_total_count === 0;

  const columns: DataTableColumn<TeamUserResource>[] = [
    {
      key: 'name',
      header: t('users.name'),
      render: (user) => (
        <Group gap="sm" wrap="nowrap">
          <Avatar src={safeUrl(user.avatar)} name={user.name} size="sm" radius="xl" alt="" />
          <Text size="sm">{user.name}</Text>
          {user.is_owner && (
            <Badge size="xs" variant="light">
              {t('users.owner')}
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'email', header: t('auth.email'), render: (user) => user.email },
    { key: 'role', header: t('users.role'), render: (user) => user.role.name },
    {
      key: 'status',
      header: t('users.status'),
      render: (user) => (
        <Badge color={STATUS_COLOR[user.status]} variant="light">
          {t(`users.tabs.${user.status}`)}
        </Badge>
      ),
    },
    { key: 'added', header: t('users.added'), render: (user) => formatDate(user.created_at) },
  ];

  return (
    <>
      <PageHeader
        title={t('users.title')}
        actions={
          <>
            {can(['view-role', 'manage-role']) && (
              <Button component={Link} to={companyPaths.roles} variant="default" leftSection={<Icon name="lock" size={16} />}>
                {t('users.manage_roles')}
              </Button>
            )}
            {can('create-user') && (
              <Button leftSection={<Icon name="plus" size={16} />} onClick={() => setInviting(true)}>
                {t('users.invite')}
              </Button>
            )}
          </>
        }
      />
      <Stack>
        <ListTabs value={tab} values={teamUserTabs} label={(value) => t(`users.tabs.${value}`)} onChange={(value) => list.update({ tab: value })} />
        <TextInput
          label={t('users.search_label')}
          placeholder={t('users.search_placeholder')}
          leftSection={<Icon name="search" size={16} />}
          maw={360}
          value={list.typed}
          onChange={(event) => list.setTyped(event.currentTarget.value)}
        />
        <DataTable
          query={users}
          columns={columns}
          getRowId={(user) => user.id}
          emptyText={nobodyYet ? t('users.list_intro') : t('users.empty')}
          isRowCurrent={(user) => user.id === list.filters.highlight}
          actions={(user) => <UserActions user={user} />}
        />
      </Stack>
      <InviteUserModal opened={inviting} onClose={() => setInviting(false)} />
    </>
  );
}
