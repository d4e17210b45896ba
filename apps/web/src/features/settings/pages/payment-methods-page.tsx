import { useState } from 'react';
import { ActionIcon, Button, Group, Stack, TextInput, Tooltip } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type PaymentModeRequest, type PaymentModeResource, paymentModeRequestSchema } from '@app/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { useListQueryState } from '../../../components/data-table/use-list-query-state';
import { FormModal } from '../../../components/form-modal';
import { Icon } from '../../../components/icon';
import { PageHeader } from '../../../components/page-header';
import { handleFormError } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/session';
import { paymentModesApi } from '../../../lib/queries/catalog-queries';
import { SavedMethodsSection } from '../../saved-methods';

function PaymentModeFormModal({ mode, onClose }: { mode: PaymentModeResource | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = paymentModesApi.useSave();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PaymentModeRequest, unknown, z.output<typeof paymentModeRequestSchema>>({ resolver: zodResolver(paymentModeRequestSchema), defaultValues: { name: mode?.name ?? '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: mode?.id ?? null, body: values });
      notifySuccess(t(mode ? 'payment_modes.updated' : 'payment_modes.created'));
      onClose();
    } catch (err) {
      handleFormError(err, setError, ['name']);
    }
  });

  return (
    <FormModal opened onClose={onClose} title={mode ? t('payment_modes.edit_title', { name: mode.name }) : t('payment_modes.create')} onSubmit={onSubmit} submitting={isSubmitting}>
      <TextInput label={t('payment_modes.name')} required data-autofocus error={errors.name?.message} {...register('name')} />
    </FormModal>
  );
}

/** Settings → payment methods: the modes a payment is recorded with (cash, check, bank transfer…), and the business's saved cards and bank accounts. */
export function PaymentMethodsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const list = useListQueryState([] as const);
  const modes = paymentModesApi.useList({ page: list.page, search: list.search || undefined });
  const remove = paymentModesApi.useDelete();
  const [editing, setEditing] = useState<PaymentModeResource | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PaymentModeResource | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, { onSuccess: () => notifySuccess(t('payment_modes.deleted')), onError: notifyError, onSettled: () => setDeleting(null) });
  };

  const columns: DataTableColumn<PaymentModeResource>[] = [{ key: 'name', header: t('payment_modes.name'), render: (mode) => mode.name }];

  return (
    <>
      <PageHeader
        title={t('payment_modes.title')}
        actions={
          can('create-payment-method') && (
            <Button leftSection={<Icon name="plus" size={16} />} onClick={() => setEditing('new')}>
              {t('payment_modes.create')}
            </Button>
          )
        }
      />
      <Stack>
        <TextInput label={t('payment_modes.search')} maw={320} value={list.typed} onChange={(event) => list.setTyped(event.currentTarget.value)} />
        <DataTable
          query={modes}
          columns={columns}
          getRowId={(mode) => mode.id}
          minWidth={360}
          emptyText={t('payment_modes.empty')}
          actions={(mode) => (
            <Group gap={4} justify="flex-end" wrap="nowrap">
              {can('edit-payment-method') && (
                <Tooltip label={t('payment_modes.edit')}>
                  <ActionIcon variant="subtle" aria-label={t('payment_modes.edit_named', { name: mode.name })} onClick={() => setEditing(mode)}>
                    <Icon name="edit" size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
              {can('delete-payment-method') && (
                <Tooltip label={t('payment_modes.delete')}>
                  <ActionIcon variant="subtle" color="red" aria-label={t('payment_modes.delete_named', { name: mode.name })} onClick={() => setDeleting(mode)}>
                    <Icon name="trash" size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          )}
        />
      </Stack>
      <SavedMethodsSection />
      {editing && <PaymentModeFormModal mode={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('payment_modes.delete_title')}
        message={t('payment_modes.delete_message', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
