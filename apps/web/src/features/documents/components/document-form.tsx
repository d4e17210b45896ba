import { useEffect, useState } from 'react';
import { Alert, Button, Grid, Group, Paper, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormProvider, type Path, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type CounterpartyResource, type Currency, type EstimateResource, type InvoiceResource, currencyById, resolveBusinessSettings } from '@app/contracts';
import { addDays, isValidIsoDate, todayInTimeZone } from '@app/domain';
import type { ServerOption } from '../../../components/server-select';
import { useReportDirty } from '../../../components/unsaved-changes';
import { type DocumentKind, documentLinks } from '../../../lib/document-kinds';
import { touchedValidation } from '../../../lib/form-errors';
import { useProposedNumber } from '../../../lib/next-number';
import { notifySuccess, notifyWarning } from '../../../lib/notify';
import { HeldMailNotice } from '../../../components/email-modal';
import { useBootstrap, useCan } from '../../../lib/session';
import { counterpartyKeys, counterpartyQueryOptions } from '../../counterparties';
import {
  type DocumentFlags,
  type DocumentFormValues,
  buildRequest,
  emptyLine,
  liveTotals,
  validateDocument,
  valuesFromResource,
} from '../document-form-values';
import { useDocumentTemplates, useSaveDocument } from '../document-form-queries';
import { DocumentHeaderFields } from './document-header-fields';
import { DocumentLines } from './document-lines';
import { DocumentNotes } from './document-notes';
import { DocumentSummary } from './document-summary';
import { showDocumentServerErrors } from './document-server-errors';
import { isFormPath } from './form-paths';
import { problemsResolution } from './problems-resolver';
import { LiveTotalsProvider } from './live-totals';

type DocumentResource = InvoiceResource | EstimateResource;

const kindSettings = {
  invoice: { model: 'invoice', noteType: 'Invoice', userTemplate: 'default_invoice_template' },
  estimate: { model: 'estimate', noteType: 'Estimate', userTemplate: 'default_estimate_template' },
} as const;

/**
 * The document is in its customer's currency: the chosen customer's once loaded, the stored
 * document's for its own customer, else the business's (USD when the business has none).
 */
function pickCurrency(customerId: string | null, customer: CounterpartyResource | undefined, document: DocumentResource | null, business: Currency | null): Currency {
  const fallback = business ?? currencyById(1);
  if (!fallback) throw new Error('The currency list has no entry 1 (USD)');
  if (customerId && customer?.id === customerId) return currencyById(customer.currency_id) ?? fallback;
  if (document && document.customer_id === customerId) return currencyById(document.currency_id) ?? fallback;
  return fallback;
}

function customerOption(customerId: string | null, customer: CounterpartyResource | undefined, document: DocumentResource | null): ServerOption | null {
  if (customer && customer.id === customerId) return { value: customer.id, label: customer.display_name || customer.name };
  if (document && document.customer_id === customerId) return { value: document.customer.id, label: document.customer.name };
  return null;
}

interface DocumentFormProps {
  kind: DocumentKind;
  document: DocumentResource | null;
  /** Preselected on create (`?customer=`). */
  initialCustomerId?: string | null;
}

/** Create and edit of invoices and estimates: one form, live totals by the server's own engine. */
export function DocumentForm({ kind, document, initialCustomerId = null }: DocumentFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useBootstrap();
  const settings = resolveBusinessSettings(session.current_business_settings);
  const config = kindSettings[kind];
  const automaticDueDays =
    kind === 'invoice'
      ? settings.invoice_set_due_date_automatically
        ? settings.invoice_due_date_days
        : null
      : settings.estimate_set_expiry_date_automatically
        ? settings.estimate_expiry_date_days
        : null;
  const flags: DocumentFlags = document
    ? { tax_per_item_enabled: document.tax_per_item_enabled, discount_per_item_enabled: document.discount_per_item_enabled }
    : { tax_per_item_enabled: settings.tax_per_item_enabled, discount_per_item_enabled: settings.discount_per_item_enabled };
  const [initialValues] = useState<DocumentFormValues>(() => {
    const businessPrecision = session.current_business_currency?.precision ?? 2;
    if (document) return valuesFromResource(document, currencyById(document.currency_id)?.precision ?? businessPrecision);
    const today = todayInTimeZone(new Date(), settings.time_zone);
    return {
      customer_id: initialCustomerId,
      number: '',
      date: today,
      due_date: automaticDueDays === null ? '' : addDays(today, automaticDueDays),
      reference_number: '',
      template_name: null,
      notes: '',
      discount_type: 'fixed',
      discount: '',
      taxes: [],
      items: [emptyLine()],
    };
  });
  const queryClient = useQueryClient();
  const currencyOf = (customerId: string | null, customer: CounterpartyResource | undefined) => pickCurrency(customerId, customer, document, session.current_business_currency);
  const resolver: Resolver<DocumentFormValues> = (values, _context, options) => {
    const customer = values.customer_id ? queryClient.getQueryData<CounterpartyResource>(counterpartyKeys.one('customer', values.customer_id)) : undefined;
    const currency = currencyOf(values.customer_id, customer);
    const problems = { ...liveTotals(values, flags, currency).issues, ...validateDocument(kind, values, flags, currency.precision) };
    return problemsResolution(values, problems, (path) => isFormPath(path, values), options);
  };
  const form = useForm<DocumentFormValues>({ ...touchedValidation, defaultValues: initialValues, resolver });
  const { control, handleSubmit, setError, resetField, getValues, formState } = form;
  const [customerId, date] = useWatch({ control, name: ['customer_id', 'date'] });
  const customer = useQuery({ ...counterpartyQueryOptions('customer', customerId ?? ''), enabled: customerId !== null });
  const currency = currencyOf(customerId, customer.data);
  const save = useSaveDocument(kind);
  // Held mail is for whoever may change where mail goes (the outbox's own ability), as in the email modal.
  const seesOutbox = useCan('platform')('edit-platform-setting');
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  useReportDirty(formState.isDirty && !formState.isSubmitting);

  const templates = useDocumentTemplates(kind);
  useEffect(() => {
    const list = templates.data;
    if (!list || list.length === 0 || getValues('template_name')) return;
    const preferred = session.current_user_settings[config.userTemplate];
    const chosen = list.find((template) => template.name === preferred) ?? list.find((template) => template.is_default) ?? list[0];
    if (chosen) resetField('template_name', { defaultValue: chosen.name });
  }, [templates.data, getValues, resetField, session.current_user_settings, config.userTemplate]);

  useProposedNumber({ getValues, resetField }, 'number', { model: config.model, customerId, date }, document === null && isValidIsoDate(date));

  const submit = (send: boolean) =>
    handleSubmit(async (submitted) => {
      setServerMessage(null);
      const { body } = buildRequest(kind, submitted, flags, currency.precision, send);
      try {
        const saved = await save.mutateAsync({ id: document?.id ?? null, body });
        notifySuccess(t(`document_form.${kind}.${document ? 'updated' : 'created'}`));
        // Saved and sent, but the mail waits in the outbox: say so rather than let "sent" stand.
        if (saved.mail?.status === 'held') notifyWarning(<HeldMailNotice linkToOutbox={seesOutbox} />);
        await navigate(documentLinks.view(kind, saved.data.id));
      } catch (err) {
        showDocumentServerErrors(err, kind, (path): path is Path<DocumentFormValues> => isFormPath(path, getValues()), setError, setServerMessage);
      }
    });


  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void submit(false)(event)} noValidate aria-label={t(`document_form.${kind}.${document ? 'edit' : 'create'}`)}>
        <Stack gap="lg">
          {serverMessage && (
            <Alert color="red" role="alert" title={t('document_form.not_saved')} withCloseButton onClose={() => setServerMessage(null)} style={{ whiteSpace: 'pre-line' }}>
              {serverMessage}
            </Alert>
          )}
          <Paper withBorder p="md" radius="md">
            <DocumentHeaderFields kind={kind} currency={currency} customer={customerOption(customerId, customer.data, document)} templates={templates.data ?? []} automaticDueDays={automaticDueDays} />
          </Paper>
          <LiveTotalsProvider flags={flags} currency={currency}>
            <Paper withBorder p="md" radius="md">
              <DocumentLines flags={flags} currency={currency} />
            </Paper>
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 6, lg: 7 }}>
                <DocumentNotes noteType={config.noteType} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6, lg: 5 }}>
                <DocumentSummary flags={flags} currency={currency} />
              </Grid.Col>
            </Grid>
          </LiveTotalsProvider>
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={document ? documentLinks.view(kind, document.id) : documentLinks.list(kind, 'outgoing')}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" variant="outline" loading={formState.isSubmitting}>
              {t('common.save')}
            </Button>
            <Button type="button" loading={formState.isSubmitting} onClick={(event) => void submit(true)(event)}>
              {t('document_form.save_and_send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
