import { NativeSelect, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { MAX_REMINDER_DAYS, type PaymentReminderRequest, type PaymentReminderResource, paymentReminderRequestSchema, paymentReminderTypes } from '@app/contracts';
import { FormModal } from '../../../components/form-modal';
import { handleFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useSavePaymentReminder } from '../payment-reminders-queries';

const FIELDS = ['type', 'days'] as const;

/** A reminder rule: when, relative to the due date, the customer of an unpaid invoice is reminded. */
export function PaymentReminderFormModal({ reminder, onClose }: { reminder: PaymentReminderResource | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSavePaymentReminder();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<PaymentReminderRequest, unknown, z.output<typeof paymentReminderRequestSchema>>({
    resolver: zodResolver(paymentReminderRequestSchema),
    defaultValues: { type: reminder?.type ?? 'before_due', days: reminder?.days ?? 3 },
  });
  // The due date itself has no offset: the server stores 0 days for an 'on due' rule.
  const onDue = watch('type') === 'on_due';

  const onSubmit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ id: reminder?.id ?? null, body });
      notifySuccess(t(reminder ? 'payment_reminders.updated' : 'payment_reminders.created'));
      onClose();
    } catch (err) {
      handleFormError(err, setError, FIELDS);
    }
  });

  return (
    <FormModal opened onClose={onClose} title={t(reminder ? 'payment_reminders.edit' : 'payment_reminders.create')} onSubmit={onSubmit} submitting={isSubmitting}>
      <NativeSelect
        label={t('payment_reminders.type')}
        data-autofocus
        data={paymentReminderTypes.map((type) => ({ value: type, label: t(`payment_reminders.types.${type}`) }))}
        error={errors.type?.message}
        {...register('type', { onChange: (event: { target: { value: string } }) => event.target.value === 'on_due' && setValue('days', 0) })}
      />
      <TextInput
        label={t('payment_reminders.days')}
        description={t('payment_reminders.days_hint', { max: MAX_REMINDER_DAYS })}
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_REMINDER_DAYS}
        required={!onDue}
        readOnly={onDue}
        error={errors.days?.message}
        {...register('days', { valueAsNumber: true })}
      />
    </FormModal>
  );
}
