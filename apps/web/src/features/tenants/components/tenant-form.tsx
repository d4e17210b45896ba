import { Button, ColorInput, Fieldset, Group, SimpleGrid, Stack, Switch, TagsInput, Text, TextInput, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { type TenantFormValues, type TenantResource, tenantFormSchema, tenantSecretFields } from '@app/contracts';
import { DEFAULT_RISK_POLICY } from '@app/domain';
import { useReportDirty } from '../../../components/unsaved-changes';
import { handleFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { adminPaths } from '../../../lib/paths';
import { useSaveTenant } from '../tenants-queries';

type Output = z.output<typeof tenantFormSchema>;
type Field = Path<TenantFormValues>;

/** The risk policy's fields, each with its help text key; a new tenant starts from the defaults the server would apply. */
const RISK_FIELDS = [
  ['financing_advance_rate_percent', 'advance_rate_help', 'decimal'],
  ['financing_fee_percent_per_30_days', 'fee_rate_help', 'decimal'],
  ['financing_max_exposure_per_business', 'exposure_business_help', 'numeric'],
  ['financing_max_exposure_per_customer', 'exposure_customer_help', 'numeric'],
  ['financing_min_paid_invoices', 'min_paid_invoices_help', 'numeric'],
] as const;

const percentOfBps = (bps: number) => String(bps / 100);

const SWITCHES = ['partial_payments', 'estimate_payments', 'allow_business_signup', 'force_customer_signup', 'user_management', 'standalone'] as const;

function defaultsOf(tenant: TenantResource | null): TenantFormValues {
  const text = (value: string | null | undefined) => value ?? '';
  const ids = tenant?.financing_product_ids ?? [];
  return {
    name: text(tenant?.name),
    domains: tenant?.domains ?? [],
    admin_email: tenant ? undefined : '',
    page_title: text(tenant?.page_title),
    landing_url: text(tenant?.landing_url),
    login_logo: text(tenant?.login_logo),
    heading: text(tenant?.heading),
    description: text(tenant?.description),
    dashboard_logo: text(tenant?.dashboard_logo),
    theme_color: tenant?.theme_color ?? '#4f46e5',
    font: text(tenant?.font),
    copyright_text: text(tenant?.copyright_text),
    support_email: text(tenant?.support_email),
    platform_model: text(tenant?.platform_model),
    payment_provider_key: text(tenant?.payment_provider_key),
    payment_provider_secret: '',
    payment_provider_webhook_secret: '',
    payment_provider_account_id: text(tenant?.payment_provider_account_id),
    platform_fee_percent: tenant?.platform_fee_percent ?? '0',
    platform_fee_fixed: String(tenant?.platform_fee_fixed ?? 0),
    financing_provider_url: text(tenant?.financing_provider_url),
    financing_provider_secret: '',
    financing_product_ids: [ids[0] ?? '', ids[1] ?? '', ids[2] ?? ''],
    bank_link_client_id: text(tenant?.bank_link_client_id),
    bank_link_secret: '',
    bank_link_environment: text(tenant?.bank_link_environment),
    cash_advance_title: text(tenant?.cash_advance_title),
    cash_advance_description: text(tenant?.cash_advance_description),
    tenancy_db_name: text(tenant?.tenancy_db_name),
    partial_payments: tenant?.partial_payments ?? true,
    estimate_payments: tenant?.estimate_payments ?? false,
    allow_business_signup: tenant?.allow_business_signup ?? true,
    force_customer_signup: tenant?.force_customer_signup ?? false,
    user_management: tenant?.user_management ?? true,
    standalone: tenant?.standalone ?? false,
    financing_advance_rate_percent: tenant?.financing_advance_rate_percent ?? percentOfBps(DEFAULT_RISK_POLICY.advanceRateBps),
    financing_fee_percent_per_30_days: tenant?.financing_fee_percent_per_30_days ?? percentOfBps(DEFAULT_RISK_POLICY.feePer30DaysBps),
    financing_max_exposure_per_business: String(tenant?.financing_max_exposure_per_business ?? DEFAULT_RISK_POLICY.maxExposurePerBusiness),
    financing_max_exposure_per_customer: String(tenant?.financing_max_exposure_per_customer ?? DEFAULT_RISK_POLICY.maxExposurePerCustomer),
    financing_min_paid_invoices: String(tenant?.financing_min_paid_invoices ?? DEFAULT_RISK_POLICY.minPaidInvoices),
  };
}

/** Create and edit: sections basic, payment provider, financing provider, bank-link provider, other info. */
export function TenantForm({ tenant }: { tenant: TenantResource | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveTenant(tenant?.id ?? null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    getFieldState,
    formState,
  } = useForm<TenantFormValues, unknown, Output>({
    resolver: zodResolver(tenantFormSchema),
    defaultValues: defaultsOf(tenant),
  });
  const { errors, isSubmitting, isDirty } = formState;
  useReportDirty(isDirty && !isSubmitting);

  const onSubmit = handleSubmit(async (values) => {
    // A secret left empty is not sent: the stored one stays.
    const body: Output = { ...values };
    for (const field of tenantSecretFields) if (!body[field]) delete body[field];
    try {
      await save.mutateAsync(body);
      notifySuccess(t(tenant ? 'tenants.updated' : 'tenants.created'));
      await navigate(adminPaths.tenants);
    } catch (err) {
      handleFormError(err, setError, ['name', 'domains', 'admin_email', 'theme_color', 'support_email', 'financing_product_ids', 'platform_fee_percent', 'platform_fee_fixed', ...RISK_FIELDS.map(([name]) => name), ...tenantSecretFields]);
    }
  });

  const label = (key: string) => t(`tenants.fields.${key}`);
  const text = (name: Field, key: string = name) => {
    return <TextInput label={label(key)} error={getFieldState(name, formState).error?.message} {...register(name)} />;
  };
  const secret = (name: (typeof tenantSecretFields)[number]) => (
    <TextInput
      label={label(name)}
      placeholder={tenant?.[name] ?? undefined}
      description={tenant?.[name] ? t('tenants.secret_keep') : undefined}
      autoComplete="off"
      error={errors[name]?.message}
      {...register(name)}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <Fieldset legend={t('tenants.sections.basic')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={label('name')} required error={errors.name?.message} {...register('name')} data-autofocus />
            <Controller
              control={control}
              name="domains"
              render={({ field, fieldState }) => (
                <TagsInput label={label('domains')} description={t('tenants.domains_help')} required value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message ?? errors.domains?.[0]?.message} />
              )}
            />
            {!tenant && <TextInput label={label('admin_email')} description={t('tenants.admin_email_help')} required type="email" error={errors.admin_email?.message} {...register('admin_email')} />}
            {text('page_title')}
            {text('landing_url')}
            {text('heading')}
            <Textarea label={label('description')} rows={3} error={errors.description?.message} {...register('description')} />
            {text('login_logo')}
            {text('dashboard_logo')}
            <Controller
              control={control}
              name="theme_color"
              render={({ field, fieldState }) => <ColorInput label={label('theme_color')} eyeDropperButtonProps={{ 'aria-label': t('tenants.pick_color') }} format="hex" value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />}
            />
            {text('font')}
            {text('copyright_text')}
            {text('support_email')}
            {text('platform_model')}
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('tenants.sections.payment')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('payment_provider_key')}
            {secret('payment_provider_secret')}
            {secret('payment_provider_webhook_secret')}
            {text('payment_provider_account_id')}
            <TextInput label={label('platform_fee_percent')} description={t('tenants.platform_fee_percent_help')} inputMode="decimal" error={errors.platform_fee_percent?.message} {...register('platform_fee_percent')} />
            <TextInput label={label('platform_fee_fixed')} description={t('tenants.platform_fee_fixed_help')} inputMode="numeric" error={errors.platform_fee_fixed?.message} {...register('platform_fee_fixed')} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('tenants.sections.financing')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('financing_provider_url')}
            {secret('financing_provider_secret')}
            {text('financing_product_ids.0', 'product_1')}
            {text('financing_product_ids.1', 'product_2')}
            {text('financing_product_ids.2', 'product_3')}
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('tenants.sections.risk_policy')}>
          <Text size="sm" c="dimmed" mb="sm">
            {t('tenants.risk_policy_help')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {RISK_FIELDS.map(([name, help, inputMode]) => (
              <TextInput key={name} label={label(name)} description={t(`tenants.${help}`)} inputMode={inputMode} error={errors[name]?.message} {...register(name)} />
            ))}
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('tenants.sections.bank_link')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('bank_link_client_id')}
            {secret('bank_link_secret')}
            {text('bank_link_environment')}
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('tenants.sections.other')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('cash_advance_title')}
            <Textarea label={label('cash_advance_description')} rows={3} {...register('cash_advance_description')} />
            {text('tenancy_db_name')}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }} mt="md">
            {SWITCHES.map((name) => (
              <Controller
                key={name}
                control={control}
                name={name}
                render={({ field }) => <Switch label={label(name)} checked={field.value ?? false} onChange={(event) => field.onChange(event.currentTarget.checked)} onBlur={field.onBlur} />}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void navigate(adminPaths.tenants)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {t(tenant ? 'common.save' : 'tenants.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
