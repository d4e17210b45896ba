import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api-error';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteAdminBusiness } from '../businesses-queries';

/** Deleting is permanent: the admin types the business's name to confirm (the server checks it too). */
export function DeleteBusinessDialog({ business, onClose, onDeleted }: { business: { id: string; name: string } | null; onClose: () => void; onDeleted?: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteAdminBusiness();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setTyped('');
    setError(null);
    onClose();
  };

  const confirm = () => {
    if (!business) return;
    remove.mutate(
      { id: business.id, name: typed },
      {
        onSuccess: () => {
          notifySuccess(t('admin_businesses.deleted'));
          close();
          onDeleted?.();
        },
        onError: (err) => setError(errorText(err, t('errors.generic'), t('errors.network'))),
      },
    );
  };

  return (
    <Modal opened={business !== null} onClose={close} title={t('admin_businesses.delete_title')} centered>
      <Stack>
        <Text>{t('admin_businesses.delete_text', { name: business?.name ?? '' })}</Text>
        <TextInput label={t('admin_businesses.delete_type_name')} value={typed} onChange={(event) => setTyped(event.currentTarget.value)} error={error} data-autofocus autoComplete="off" />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={remove.isPending}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending} disabled={typed.trim() !== business?.name}>
            {t('admin_businesses.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
