import { useEffect, useState } from 'react';
import { Avatar, Badge, Button, Group, Pagination, Stack, Table, Tabs, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type MembershipStatus, type TeamUserTab, teamUserTabs } from '@app/contracts';
import { Icon } from '../../../components/icon';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { formatDate } from '../../../lib/format';
import { companyPaths } from '../../../lib/paths';
import { useCan } from '../../../lib/session';
import { InviteUserModal } from '../components/invite-user-modal';
import { UserActions } from '../components/user-actions';
import { useTeamUsers } from '../users-queries';

const STATUS_COLOR: Record<MembershipStatus, string> = { invited: 'yellow', active: 'green', disabled: 'gray' };

function readTab(value: string | null): TeamUserTab {
  return teamUserTabs.find((tab) => tab === value) ?? 'all';
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** The business's team, tab, search and page in the URL; `highlight` marks one row (from the header search). */
export function UsersPage() {
  const { t } = useTranslation();
  const can = useCan('business');
  const [params, setParams] = useSearchParams();
  const tab = readTab(params.get('tab'));
  const page = readPage(params.get('page'));
  const search = params.get('search') ?? '';
  const highlight = params.get('highlight');
  const [typed, setTyped] = useState(search);
  const [debounced] = useDebouncedValue(typed, 300);
  const [inviting, setInviting] = useState(false);
  const users = useTeamUsers(tab, search, page);

  const setQuery = (next: { tab?: TeamUserTab; page?: number; search?: string }) => {
    setParams(
      (previous) => {
        const query = new URLSearchParams(previous);
        query.set('tab', next.tab ?? tab);
        query.set('page', String(next.page ?? 1));
        const term = next.search ?? search;
        if (term) query.set('search', term);
        else query.delete('search');
        if (next.search !== undefined || next.tab !== undefined) query.delete('highlight');
        return query;
      },
      { replace: true },
    );
  };

  useEffect(() => {
    // Only a settled change of the typed text moves the URL.
    if (debounced !== search) setQuery({ search: debounced });
  }, [debounced]);

  useEffect(() => setTyped(search), [search]);

  const rows = users.data?.data ?? [];
  const lastPage = users.data?.meta.last_page ?? 1;
  const nobodyYet = users.data?.meta.user_total_count === 0;

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
        <Tabs value={tab} onChange={(value) => setQuery({ tab: readTab(value) })}>
          <Tabs.List>
            {teamUserTabs.map((value) => (
              <Tabs.Tab key={value} value={value}>
                {t(`users.tabs.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <TextInput
          label={t('users.search_label')}
          placeholder={t('users.search_placeholder')}
          leftSection={<Icon name="search" size={16} />}
          maw={360}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
        />
        <QueryState
          isPending={users.isPending}
          error={users.error}
          isEmpty={rows.length === 0}
          emptyText={nobodyYet ? t('users.list_intro') : t('users.empty')}
          onRetry={() => void users.refetch()}
        >
          <Table.ScrollContainer minWidth={720}>
            <Table highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('users.name')}</Table.Th>
                  <Table.Th>{t('auth.email')}</Table.Th>
                  <Table.Th>{t('users.role')}</Table.Th>
                  <Table.Th>{t('users.status')}</Table.Th>
                  <Table.Th>{t('users.added')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((user) => (
                  <Table.Tr key={user.id} bg={user.id === highlight ? 'var(--mantine-primary-color-light)' : undefined} aria-current={user.id === highlight ? 'true' : undefined}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Avatar src={user.avatar} name={user.name} size="sm" radius="xl" alt="" />
                        <Text size="sm">{user.name}</Text>
                        {user.is_owner && (
                          <Badge size="xs" variant="light">
                            {t('users.owner')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{user.email}</Table.Td>
                    <Table.Td>{user.role.name}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[user.status]} variant="light">
                        {t(`users.tabs.${user.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatDate(user.created_at)}</Table.Td>
                    <Table.Td ta="right">
                      <UserActions user={user} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {lastPage > 1 && (
            <Group justify="flex-end">
              <Pagination total={lastPage} value={page} onChange={(next) => setQuery({ page: next })} />
            </Group>
          )}
        </QueryState>
      </Stack>
      <InviteUserModal opened={inviting} onClose={() => setInviting(false)} />
    </>
  );
}
