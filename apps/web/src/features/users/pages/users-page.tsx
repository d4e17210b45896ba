import { useState } from 'react';
import { Button, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/session';
import { InviteUserModal } from '../components/invite-user-modal';

export function UsersPage() {
  const { t } = useTranslation();
  const can = useCan('business');
  const [inviting, setInviting] = useState(false);

  return (
    <>
      <PageHeader
        title={t('users.title')}
        actions={
          can('create-user') && (
            <Button leftSection={<Icon name="plus" size={16} />} onClick={() => setInviting(true)}>
              {t('users.invite')}
            </Button>
          )
        }
      />
      <Paper withBorder radius="md" p="xl">
        <Text c="dimmed" ta="center">
          {t('users.list_intro')}
        </Text>
      </Paper>
      <InviteUserModal opened={inviting} onClose={() => setInviting(false)} />
    </>
  );
}
