import { useState } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TeamUserResource } from '@app/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Icon } from '../../../components/icon';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useBootstrap, useCan } from '../../../lib/session';
import { type UserAction, useUserAction } from '../users-queries';
import { EditUserModal } from './edit-user-modal';

type Confirmable = Exclude<UserAction, 'enable' | 'resend-invite'>;

/** The row menu of one member, with a confirmation before anything that takes access away. */
export function UserActions({ user }: { user: TeamUserResource }) {
  const { t } = useTranslation();
  const can = useCan('business');
  const { current_user: me, current_business: business, companies } = useBootstrap();
  const action = useUserAction();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState<Confirmable | null>(null);

  const self = user.id === me.id;
  const iAmOwner = companies.find((c) => c.id === business?.id)?.role === 'owner';
  const guarded = !self && !user.is_owner;
  const items = {
    edit: can('edit-user') && !self,
    disable: can('edit-user') && guarded && user.status !== 'disabled',
    enable: can('edit-user') && user.status === 'disabled',
    resend: can('create-user') && user.status === 'invited',
    transfer: iAmOwner && !self && user.status === 'active',
    remove: can('delete-user') && guarded,
  };
  if (!Object.values(items).some(Boolean)) return null;

  const run = (name: UserAction) => {
    action.mutate(
      { id: user.id, action: name },
      {
        onSuccess: () => {
          notifySuccess(t(`users.done.${name}`, { name: user.name }));
          setConfirming(null);
        },
        onError: (err) => {
          notifyError(err);
          setConfirming(null);
        },
      },
    );
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={t('users.actions_for', { name: user.name })}>
            <Icon name="dots" />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {items.edit && <Menu.Item onClick={() => setEditing(true)}>{t('users.action.edit')}</Menu.Item>}
          {items.resend && <Menu.Item onClick={() => run('resend-invite')}>{t('users.action.resend-invite')}</Menu.Item>}
          {items.enable && <Menu.Item onClick={() => run('enable')}>{t('users.action.enable')}</Menu.Item>}
          {items.disable && <Menu.Item onClick={() => setConfirming('disable')}>{t('users.action.disable')}</Menu.Item>}
          {items.transfer && <Menu.Item onClick={() => setConfirming('transfer-ownership')}>{t('users.action.transfer-ownership')}</Menu.Item>}
          {items.remove && (
            <Menu.Item color="red.9" onClick={() => setConfirming('remove')}>
              {t('users.action.remove')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      {editing && <EditUserModal user={user} canChangeRole={guarded} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        opened={confirming !== null}
        title={confirming ? t(`users.confirm.${confirming}.title`) : ''}
        message={confirming ? t(`users.confirm.${confirming}.message`, { name: user.name }) : ''}
        variant={confirming === 'transfer-ownership' ? 'primary' : 'danger'}
        loading={action.isPending}
        onConfirm={() => confirming && run(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
