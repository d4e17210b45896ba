import { Button, Group, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { messages, updateDueDateRequestSchema } from '@app/contracts';
import { addDays, dueDateOptions } from '@app/domain';
import { DateField } from '../../../components/date-field';
import { FormModal } from '../../../components/form-modal';
import { handleFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateDueDate } from '../documents-queries';

type DueDateForm = z.input<typeof updateDueDateRequestSchema>;

interface DueDateModalProps {
  invoice: { id: string; invoice_date: string; due_date: string | null };
  opened: boolean;
  onClose: () => void;
}

/** A new due date, typed or picked from the quick options counted from the invoice date. */
export function DueDateModal({ invoice, opened, onClose }: DueDateModalProps) {
  const { t } = useTranslation();
  const update = useUpdateDueDate();
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<DueDateForm, unknown, z.output<typeof updateDueDateRequestSchema>>({
    resolver: zodResolver(updateDueDateRequestSchema),
    defaultValues: { due_date: invoice.due_date ?? invoice.invoice_date },
  });

  const onSubmit = handleSubmit(async ({ due_date: dueDate }) => {
    // ISO dates compare correctly as text.
    if (dueDate < invoice.invoice_date) {
      setError('due_date', { type: 'validate', message: messages.dueBeforeInvoiceDate }, { shouldFocus: true });
      return;
    }
    try {
      await update.mutateAsync({ id: invoice.id, dueDate });
      notifySuccess(t('invoices.notice.due_date_changed'));
      onClose();
    } catch (err) {
      handleFormError(err, setError, ['due_date']);
    }
  });

  return (
    <FormModal opened={opened} onClose={onClose} title={t('invoices.due_date.title')} onSubmit={onSubmit} submitting={isSubmitting}>
      <Controller
        control={control}
        name="due_date"
        render={({ field }) => (
          <DateField
            label={t('invoices.due_date.label')}
            required
            data-autofocus
            min={invoice.invoice_date}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={errors.due_date?.message}
          />
        )}
      />
      <div>
        <Text size="sm" fw={500} mb={4} id="due-date-quick-options">
          {t('invoices.due_date.quick_options')}
        </Text>
        <Group gap="xs" role="group" aria-labelledby="due-date-quick-options">
          {dueDateOptions.map((option) => (
            <Button
              key={option.key}
              size="compact-sm"
              variant="default"
              onClick={() => setValue('due_date', addDays(invoice.invoice_date, option.days), { shouldDirty: true, shouldValidate: true })}
            >
              {t(`invoices.due_date.options.${option.key}`)}
            </Button>
          ))}
        </Group>
      </div>
    </FormModal>
  );
}
