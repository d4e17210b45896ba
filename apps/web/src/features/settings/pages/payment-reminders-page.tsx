import { useState } from 'react';
import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentReminderResource } from '@app/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { useListQueryState } from '../../../components/data-table/use-list-query-state';
import { Icon } from '../../../components/icon';
import { PageHeader } from '../../../components/page-header';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/session';
import { PaymentReminderFormModal } from '../components/payment-reminder-form-modal';
import { useDeletePaymentReminder, usePaymentReminders } from '../payment-reminders-queries';

/** 'On the due date', '3 days before the due date', ... */
function useReminderWhen() {
  const { t } = useTranslation();
  return (reminder: Pick<PaymentReminderResource, 'type' | 'days'>) =>
    reminder.type === 'on_due' ? t('payment_reminders.when.on_due') : t(`payment_reminders.when.${reminder.type}`, { count: reminder.days });
}

/** Settings → payment reminders: the rules by which unpaid invoices' customers are reminded by mail. */
export function PaymentRemindersPage() {
  const { t } = useTranslation();
  const can = useCan();
  const list = useListQueryState([] as const);
  const reminders = usePaymentReminders(list.page);
  const remove = useDeletePaymentReminder();
  const when = useReminderWhen();
  const [editing, setEditing] = useState<PaymentReminderResource | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PaymentReminderResource | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, { onSuccess: () => notifySuccess(t('payment_reminders.deleted')), onError: notifyError, onSettled: () => setDeleting(null) });
  };

  const columns: DataTableColumn<PaymentReminderResource>[] = [
    { key: 'type', header: t('payment_reminders.type'), render: (reminder) => t(`payment_reminders.types.${reminder.type}`) },
    { key: 'days', header: t('payment_reminders.days'), align: 'right', render: (reminder) => reminder.days },
    { key: 'when', header: t('payment_reminders.sent'), render: when },
  ];

  return (
    <>
      <PageHeader
        title={t('payment_reminders.title')}
        description={t('payment_reminders.description')}
        actions={
          can('create-payment-reminder') && (
            <Button leftSection={<Icon name="plus" size={16} />} onClick={() => setEditing('new')}>
              {t('payment_reminders.create')}
            </Button>
          )
        }
      />
      <Stack>
        <DataTable
          query={reminders}
          columns={columns}
          getRowId={(reminder) => reminder.id}
          minWidth={480}
          emptyText={t('payment_reminders.empty')}
          actions={(reminder) => (
            <Group gap={4} justify="flex-end" wrap="nowrap">
              {can('edit-payment-reminder') && (
                <Tooltip label={t('payment_reminders.edit')}>
                  <ActionIcon variant="subtle" aria-label={t('payment_reminders.edit_named', { when: when(reminder) })} onClick={() => setEditing(reminder)}>
                    <Icon name="edit" size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
              {can('delete-payment-reminder') && (
                <Tooltip label={t('payment_reminders.delete')}>
                  <ActionIcon variant="subtle" color="red" aria-label={t('payment_reminders.delete_named', { when: when(reminder) })} onClick={() => setDeleting(reminder)}>
                    <Icon name="trash" size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          )}
        />
        <Text size="sm" c="dimmed">
          {t('payment_reminders.note')}
        </Text>
      </Stack>
      {editing && <PaymentReminderFormModal reminder={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('payment_reminders.delete_title')}
        message={t('payment_reminders.delete_message', { when: deleting ? when(deleting) : '' })}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
