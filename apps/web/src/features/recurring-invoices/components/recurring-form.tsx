import { useEffect, useState } from 'react';
import { Alert, Button, Grid, Group, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, FormProvider, type Path, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type CounterpartyResource, type Currency, type RecurringInvoiceResource, currencyById, messages, resolveBusinessSettings } from '@app/contracts';
import { todayInTimeZone } from '@app/domain';
import type { ServerOption } from '../../../components/server-select';
import { useReportDirty } from '../../../components/unsaved-changes';
import { touchedValidation } from '../../../lib/form-errors';
import { useProposedNumber } from '../../../lib/next-number';
import { notifySuccess } from '../../../lib/notify';
import { useBootstrap } from '../../../lib/session';
import { CounterpartySelect, counterpartyKeys, counterpartyQueryOptions } from '../../counterparties';
import { type DocumentFlags, DocumentLines, DocumentNotes, DocumentSummary, LiveTotalsProvider, isFormPath, liveTotals, problemsResolution, showDocumentServerErrors, useDocumentTemplates } from '../../documents';
import { type RecurringFormValues, buildRecurringRequest, newRecurringValues, recurringValuesFromResource, validateRecurring } from '../recurring-form-values';
import { recurringLinks } from '../recurring-links';
import { useSaveRecurringInvoice } from '../recurring-queries';
import { ScheduleFields } from './schedule-fields';
import { SchedulePreview } from './schedule-preview';

/** Schedule fields the server may name in a 422, beside the shared document fields. */
const SCHEDULE_FIELDS = new Set<string>([
  'repeat_interval',
  'minute',
  'hour',
  'day_of_month',
  'month',
  'week_day',
  'start_date',
  'end_date',
  'count',
  'timezone',
  'due_in_days',
  'status',
  'reference_number',
  'template_name',
]);

function isRecurringPath(path: string, values: RecurringFormValues): path is Path<RecurringFormValues> {
  return SCHEDULE_FIELDS.has(path) || isFormPath(path, values);
}

/** In the customer's currency once it is known, else the stored one, else the business's. */
function pickCurrency(customerId: string | null, customer: CounterpartyResource | undefined, recurring: RecurringInvoiceResource | null, business: Currency | null): Currency {
  const fallback = business ?? currencyById(1);
  if (!fallback) throw new Error('The currency list has no entry 1 (USD)');
  if (customerId && customer?.id === customerId) return currencyById(customer.currency_id) ?? fallback;
  if (recurring && recurring.customer_id === customerId) return currencyById(recurring.currency_id) ?? fallback;
  return fallback;
}

interface RecurringFormProps {
  recurring: RecurringInvoiceResource | null;
}

/** Create and edit: the invoice to make (the shared line editor and totals) and its schedule. */
export function RecurringForm({ recurring }: RecurringFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useBootstrap();
  const settings = resolveBusinessSettings(session.current_business_settings);
  const flags: DocumentFlags = recurring
    ? { tax_per_item_enabled: recurring.tax_per_item_enabled, discount_per_item_enabled: recurring.discount_per_item_enabled }
    : { tax_per_item_enabled: settings.tax_per_item_enabled, discount_per_item_enabled: settings.discount_per_item_enabled };
  const [initialValues] = useState<RecurringFormValues>(() =>
    recurring
      ? recurringValuesFromResource(recurring, currencyById(recurring.currency_id)?.precision ?? 2)
      : newRecurringValues(todayInTimeZone(new Date(), settings.time_zone), settings.time_zone, null),
  );
  const currencyOf = (customerId: string | null, customer: CounterpartyResource | undefined) => pickCurrency(customerId, customer, recurring, session.current_business_currency);
  const resolver: Resolver<RecurringFormValues> = (values, _context, options) => {
    const customer = values.customer_id ? queryClient.getQueryData<CounterpartyResource>(counterpartyKeys.one('customer', values.customer_id)) : undefined;
    const currency = currencyOf(values.customer_id, customer);
    const problems = {
      ...liveTotals(values, flags, currency).issues,
      ...validateRecurring(values, flags, currency.precision, { count: messages.invalidCount, dueDays: t('recurring_invoices.form.due_in_days_invalid'), endDate: messages.required }),
    };
    return problemsResolution(values, problems, (path) => isRecurringPath(path, values), options);
  };
  const form = useForm<RecurringFormValues>({ ...touchedValidation, defaultValues: initialValues, resolver });
  const { control, register, handleSubmit, setError, resetField, getValues, formState } = form;
  const [customerId] = useWatch({ control, name: ['customer_id'] });
  const customer = useQuery({ ...counterpartyQueryOptions('customer', customerId ?? ''), enabled: customerId !== null });
  const currency = currencyOf(customerId, customer.data);
  const save = useSaveRecurringInvoice();
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  useReportDirty(formState.isDirty && !formState.isSubmitting);

  const templates = useDocumentTemplates('invoice');
  useEffect(() => {
    const list = templates.data;
    if (!list || list.length === 0 || getValues('template_name')) return;
    const preferred = session.current_user_settings.default_invoice_template;
    const chosen = list.find((template) => template.name === preferred) ?? list.find((template) => template.is_default) ?? list[0];
    if (chosen) resetField('template_name', { defaultValue: chosen.name });
  }, [templates.data, getValues, resetField, session.current_user_settings]);

  useProposedNumber({ getValues, resetField }, 'number', { model: 'recurring_invoice' }, recurring === null);


  const onSubmit = handleSubmit(async (values) => {
    setServerMessage(null);
    const { body } = buildRecurringRequest(values, flags, currency.precision);
    try {
      const saved = await save.mutateAsync({ id: recurring?.id ?? null, body });
      notifySuccess(t(recurring ? 'recurring_invoices.notice.updated' : 'recurring_invoices.notice.created'));
      await navigate(recurringLinks.view(saved.data.id));
    } catch (err) {
      showDocumentServerErrors(err, 'invoice', (path): path is Path<RecurringFormValues> => isRecurringPath(path, getValues()), setError, setServerMessage);
    }
  });

  const customerLabel: ServerOption | null =
    customer.data && customer.data.id === customerId
      ? { value: customer.data.id, label: customer.data.display_name || customer.data.name }
      : recurring && recurring.customer_id === customerId
        ? { value: recurring.customer.id, label: recurring.customer.name }
        : null;

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t(recurring ? 'recurring_invoices.form.edit' : 'recurring_invoices.form.create')}>
        <Stack gap="lg">
          {serverMessage && (
            <Alert color="red" role="alert" title={t('document_form.not_saved')} withCloseButton onClose={() => setServerMessage(null)} style={{ whiteSpace: 'pre-line' }}>
              {serverMessage}
            </Alert>
          )}
          <Paper withBorder p="md" radius="md">
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              <Controller
                control={control}
                name="customer_id"
                render={({ field, fieldState }) => (
                  <CounterpartySelect kind="customer" required value={field.value} selected={customerLabel} onChange={(value) => field.onChange(value)} error={fieldState.error?.message} />
                )}
              />
              <TextInput label={t('recurring_invoices.form.number')} description={t('recurring_invoices.form.number_hint')} error={formState.errors.number?.message} {...register('number')} />
              <TextInput label={t('recurring_invoices.form.reference_number')} error={formState.errors.reference_number?.message} {...register('reference_number')} />
              <Controller
                control={control}
                name="template_name"
                render={({ field, fieldState }) => (
                  <Select
                    label={t('document_form.template')}
                    data={(templates.data ?? []).map((template) => ({ value: template.name, label: template.label }))}
                    value={field.value}
                    onChange={field.onChange}
                    allowDeselect={false}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </SimpleGrid>
          </Paper>
          <LiveTotalsProvider flags={flags} currency={currency}>
            <Paper withBorder p="md" radius="md">
              <DocumentLines flags={flags} currency={currency} />
            </Paper>
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 6, lg: 7 }}>
                <DocumentNotes noteType="Invoice" />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6, lg: 5 }}>
                <DocumentSummary flags={flags} currency={currency} />
              </Grid.Col>
            </Grid>
          </LiveTotalsProvider>
          <Paper withBorder p="md" radius="md">
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, lg: 8 }}>
                <ScheduleFields />
              </Grid.Col>
              <Grid.Col span={{ base: 12, lg: 4 }}>
                <SchedulePreview />
              </Grid.Col>
            </Grid>
          </Paper>
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={recurring ? recurringLinks.view(recurring.id) : recurringLinks.list()}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={formState.isSubmitting}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
