import { useState } from 'react';
import { Alert, Anchor, Button, FileInput, Group, List, Modal, Progress, SegmentedControl, SimpleGrid, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { invoiceUploadResponseSchema, messages, resolveBusinessSettings } from '@app/contracts';
import { todayInTimeZone } from '@app/domain';
import { DateField } from '../../../components/date-field';
import { MoneyInput } from '../../../components/decimal-input';
import { api } from '../../../lib/api-client';
import { firstFieldErrors } from '../../../lib/api-error';
import { handleFormError, touchedValidation } from '../../../lib/form-errors';
import { moneyFormatOf } from '../../../lib/money';
import { notifySuccess } from '../../../lib/notify';
import { invoiceKeys } from '../../../lib/queries/document-keys';
import { saveFile } from '../../../lib/save-file';
import { useBootstrap } from '../../../lib/session';
import { CounterpartySelect } from '../../counterparties';

/** The columns the server reads from a spreadsheet, in the template's order. */
export const UPLOAD_TEMPLATE_COLUMNS = ['customer_name', 'customer_email', 'invoice_number', 'invoice_date', 'due_date', 'total'] as const;
const TEMPLATE_EXAMPLE = ['Acme Corporation', 'billing@acme.example', 'INV-1001', '2025-01-15', '2025-02-14', '1250.00'];

const INVOICE_FILE_TYPES = 'application/pdf,image/png,image/jpeg,image/gif,image/webp';
const SHEET_FILE_TYPES = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type CustomerMode = 'existing' | 'new';
type SingleInvoiceForm = {
  customer_mode: CustomerMode;
  customer_id: string | null;
  customer_name: string;
  customer_email: string;
  invoice_number: string;
  invoice_date: string;
  due_date: string;
  total: string;
  file: File | null;
};
type SheetForm = { file: File | null };

const SINGLE_FIELDS = ['customer_id', 'customer_name', 'customer_email', 'invoice_number', 'invoice_date', 'due_date', 'total', 'file'] as const;

/** A row's field errors ('rows.3.customer_name') in row order, first field first. */
export function rowErrorsOf(err: unknown): { row: number; message: string }[] {
  const rows: { row: number; column: number; message: string }[] = [];
  for (const [field, message] of Object.entries(firstFieldErrors(err))) {
    const match = /^rows\.(\d+)\.(\w+)$/.exec(field);
    if (!match) continue;
    const column = UPLOAD_TEMPLATE_COLUMNS.findIndex((name) => name === match[2]);
    rows.push({ row: Number(match[1]), column, message });
  }
  return rows.sort((a, b) => a.row - b.row || a.column - b.column).map(({ row, message }) => ({ row, message }));
}

function templateCsv(): Blob {
  const lines = [UPLOAD_TEMPLATE_COLUMNS.join(','), TEMPLATE_EXAMPLE.join(',')];
  return new Blob([`${lines.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' });
}

function useUploadInvoices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => api.post('/upload-invoice', invoiceUploadResponseSchema, form),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}

function UploadProgress({ active }: { active: boolean }) {
  const { t } = useTranslation();
  if (!active) return null;
  return (
    <Stack gap={4} role="status">
      <Text size="sm">{t('invoice_upload.uploading')}</Text>
      <Progress value={100} animated striped aria-label={t('invoice_upload.uploading')} />
    </Stack>
  );
}

function FormButtons({ onCancel, submitting, label }: { onCancel: () => void; submitting: boolean; label: string }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} disabled={submitting}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={submitting}>
        {label}
      </Button>
    </Group>
  );
}

function SingleInvoiceTab({ onDone, onCancel }: { onDone: (count: number) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const session = useBootstrap();
  const upload = useUploadInvoices();
  const today = todayInTimeZone(new Date(), resolveBusinessSettings(session.current_business_settings).time_zone);
  // The total is typed as the business writes money; the server reads it in the invoice's currency.
  const currency = session.current_business_currency ?? moneyFormatOf(1);
  const { register, control, handleSubmit, setError, watch, formState } = useForm<SingleInvoiceForm>({
    ...touchedValidation,
    defaultValues: { customer_mode: 'existing', customer_id: null, customer_name: '', customer_email: '', invoice_number: '', invoice_date: today, due_date: '', total: '', file: null },
  });
  const mode = watch('customer_mode');
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    const form = new FormData();
    const text = (name: Exclude<keyof SingleInvoiceForm, 'file' | 'customer_mode' | 'customer_id'>) => {
      if (values[name].trim() !== '') form.append(name, values[name].trim());
    };
    if (values.customer_mode === 'existing' && values.customer_id) form.append('customer_id', values.customer_id);
    if (values.customer_mode === 'new') {
      text('customer_name');
      text('customer_email');
    }
    text('invoice_number');
    text('invoice_date');
    text('due_date');
    text('total');
    if (values.file) form.append('file', values.file);
    try {
      const result = await upload.mutateAsync(form);
      onDone(result.data.length);
    } catch (err) {
      handleFormError(err, setError, SINGLE_FIELDS);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Controller
          control={control}
          name="customer_mode"
          render={({ field }) => (
            <SegmentedControl
              aria-label={t('invoice_upload.customer_mode')}
              value={field.value}
              onChange={(value) => field.onChange(value === 'new' ? 'new' : 'existing')}
              data={[
                { value: 'existing', label: t('invoice_upload.existing_customer') },
                { value: 'new', label: t('invoice_upload.new_customer') },
              ]}
            />
          )}
        />
        {mode === 'existing' ? (
          <Controller
            control={control}
            name="customer_id"
            rules={{ validate: (value) => (mode !== 'existing' || value ? true : messages.required) }}
            render={({ field, fieldState }) => <CounterpartySelect kind="customer" required value={field.value} onChange={(value) => field.onChange(value)} error={fieldState.error?.message} />}
          />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('invoice_upload.customer_name')}
              required
              error={errors.customer_name?.message}
              {...register('customer_name', { validate: (value) => (mode !== 'new' || value.trim().length >= 3 ? true : messages.draftCustomerNameInvalid) })}
            />
            <TextInput
              type="email"
              label={t('invoice_upload.customer_email')}
              required
              error={errors.customer_email?.message}
              {...register('customer_email', { validate: (value) => (mode !== 'new' || value.trim() !== '' ? true : messages.draftCustomerEmailRequired) })}
            />
          </SimpleGrid>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('invoice_upload.invoice_number')} description={t('invoice_upload.invoice_number_hint')} error={errors.invoice_number?.message} {...register('invoice_number')} />
          <Controller
            control={control}
            name="total"
            rules={{ validate: (value) => (value.trim() ? true : messages.required) }}
            render={({ field, fieldState }) => (
              <MoneyInput
                label={t('invoice_upload.total')}
                required
                currency={currency}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="invoice_date"
            rules={{ validate: (value) => (value ? true : messages.required) }}
            render={({ field, fieldState }) => (
              <DateField label={t('invoice_upload.invoice_date')} required value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} error={fieldState.error?.message} />
            )}
          />
          <Controller
            control={control}
            name="due_date"
            render={({ field, fieldState }) => (
              <DateField label={t('invoice_upload.due_date')} value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} error={fieldState.error?.message} />
            )}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="file"
          rules={{ validate: (value) => (value ? true : messages.required) }}
          render={({ field, fieldState }) => (
            <FileInput
              label={t('invoice_upload.invoice_file')}
              description={t('invoice_upload.invoice_file_hint')}
              placeholder={t('invoice_upload.choose_file')}
              accept={INVOICE_FILE_TYPES}
              required
              clearable
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        <UploadProgress active={formState.isSubmitting} />
        <FormButtons onCancel={onCancel} submitting={formState.isSubmitting} label={t('invoice_upload.submit_single')} />
      </Stack>
    </form>
  );
}

function SpreadsheetTab({ onDone, onCancel }: { onDone: (count: number) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const upload = useUploadInvoices();
  const [rowErrors, setRowErrors] = useState<{ row: number; message: string }[]>([]);
  const { control, handleSubmit, setError, formState } = useForm<SheetForm>({ defaultValues: { file: null } });

  const onSubmit = handleSubmit(async ({ file }) => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file);
    setRowErrors([]);
    try {
      const result = await upload.mutateAsync(form);
      onDone(result.data.length);
    } catch (err) {
      const rows = rowErrorsOf(err);
      if (rows.length > 0) setRowErrors(rows);
      else handleFormError(err, setError, ['file']);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Text size="sm">{t('invoice_upload.sheet_intro', { columns: UPLOAD_TEMPLATE_COLUMNS.join(', ') })}</Text>
        <Anchor component="button" type="button" size="sm" onClick={() => saveFile(templateCsv(), 'invoices-template.csv')} style={{ alignSelf: 'flex-start' }}>
          {t('invoice_upload.download_template')}
        </Anchor>
        <Controller
          control={control}
          name="file"
          rules={{ validate: (value) => (value ? true : messages.required) }}
          render={({ field, fieldState }) => (
            <FileInput
              label={t('invoice_upload.sheet_file')}
              placeholder={t('invoice_upload.choose_file')}
              accept={SHEET_FILE_TYPES}
              required
              clearable
              value={field.value}
              onChange={(file) => {
                setRowErrors([]);
                field.onChange(file);
              }}
              error={fieldState.error?.message}
            />
          )}
        />
        {rowErrors.length > 0 && (
          <Alert color="red" title={t('invoice_upload.rows_invalid')} role="alert">
            <List size="sm">
              {rowErrors.map((entry) => (
                <List.Item key={`${entry.row}-${entry.message}`}>{t('invoice_upload.row_error', { row: entry.row, message: entry.message })}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <UploadProgress active={formState.isSubmitting} />
        <FormButtons onCancel={onCancel} submitting={formState.isSubmitting} label={t('invoice_upload.submit_sheet')} />
      </Stack>
    </form>
  );
}

interface UploadInvoiceModalProps {
  opened: boolean;
  onClose: () => void;
}

/** Invoices issued elsewhere: one with its PDF or image, or many from a CSV or XLSX file. */
export function UploadInvoiceModal({ opened, onClose }: UploadInvoiceModalProps) {
  const { t } = useTranslation();
  const onDone = (count: number) => {
    notifySuccess(t('invoice_upload.created', { count }));
    onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('invoice_upload.title')} size="lg" centered>
      <Tabs defaultValue="single" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="single">{t('invoice_upload.tab_single')}</Tabs.Tab>
          <Tabs.Tab value="sheet">{t('invoice_upload.tab_sheet')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="single">
          <SingleInvoiceTab onDone={onDone} onCancel={onClose} />
        </Tabs.Panel>
        <Tabs.Panel value="sheet">
          <SpreadsheetTab onDone={onDone} onCancel={onClose} />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
