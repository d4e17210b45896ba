import { Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type ResolvedBusinessSettings, businessSettingsSchema, dateFormats, fiscalYears, languages } from '@app/contracts';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useReportDirty } from '../../../components/unsaved-changes';
import { handleFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useBootstrap } from '../../../lib/session';
import { changedSettings, useBusinessSettings, useSaveBusinessSettings } from '../business-settings-queries';

const preferencesSchema = businessSettingsSchema
  .pick({
    language: true,
    time_zone: true,
    fiscal_year: true,
    date_format: true,
    discount_per_item_enabled: true,
    tax_per_item_enabled: true,
    link_expiry_enabled: true,
    link_expiry_days: true,
  })
  .required();
type PreferencesInput = z.input<typeof preferencesSchema>;
type PreferencesOutput = z.output<typeof preferencesSchema>;
const FIELDS = ['language', 'time_zone', 'fiscal_year', 'date_format', 'discount_per_item_enabled', 'tax_per_item_enabled', 'link_expiry_enabled', 'link_expiry_days'] as const;

function preferencesOf(settings: ResolvedBusinessSettings): PreferencesInput {
  const { language, time_zone, fiscal_year, date_format, discount_per_item_enabled, tax_per_item_enabled, link_expiry_enabled, link_expiry_days } = settings;
  return { language, time_zone, fiscal_year, date_format, discount_per_item_enabled, tax_per_item_enabled, link_expiry_enabled, link_expiry_days };
}

/** '4-3' → 'April – March', in the interface language. */
function fiscalYearLabel(value: string, locale: string): string {
  const month = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  return value
    .split('-')
    .map((number) => month.format(new Date(Date.UTC(2026, Number(number) - 1, 1))))
    .join(' – ');
}

/** Settings → preferences: language, time zone, financial year, date format and document defaults. */
export function PreferencesPage() {
  const { t } = useTranslation();
  const settings = useBusinessSettings();
  return (
    <>
      <PageHeader title={t('settings_preferences.title')} description={t('settings_preferences.description')} />
      <QueryState isPending={settings.isPending} error={settings.error} onRetry={() => void settings.refetch()}>
        {settings.data && <PreferencesForm stored={settings.data} />}
      </QueryState>
    </>
  );
}

function PreferencesForm({ stored }: { stored: ResolvedBusinessSettings }) {
  const { t, i18n } = useTranslation();
  const timeZones = useBootstrap().time_zones;
  const save = useSaveBusinessSettings();
  const {
    control,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { isDirty, isSubmitting },
  } = useForm<PreferencesInput, unknown, PreferencesOutput>({ resolver: zodResolver(preferencesSchema), defaultValues: preferencesOf(stored) });
  useReportDirty(isDirty && !isSubmitting);

  const zoneOptions = timeZones.some((zone) => zone.value === stored.time_zone) ? timeZones : [{ key: stored.time_zone, value: stored.time_zone }, ...timeZones];

  const onSubmit = handleSubmit(async (values) => {
    try {
      const response = await save.mutateAsync(changedSettings(stored, values));
      reset(preferencesOf({ ...stored, ...response.settings }));
      notifySuccess(t('settings_preferences.saved'));
    } catch (err) {
      // The API names fields inside the request's `settings` object ('settings.time_zone').
      handleFormError(err, setError, FIELDS, { rename: (field) => field.replace(/^settings\./, '') });
    }
  });

  const select = (name: 'language' | 'time_zone' | 'fiscal_year' | 'date_format', label: string, data: { value: string; label: string }[]) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select label={label} data={data} value={field.value} onChange={(value) => field.onChange(value ?? field.value)} searchable allowDeselect={false} error={fieldState.error?.message} />
      )}
    />
  );
  const toggle = (name: 'discount_per_item_enabled' | 'tax_per_item_enabled' | 'link_expiry_enabled', label: string, description: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <Switch label={label} description={description} checked={field.value} onChange={(event) => field.onChange(event.currentTarget.checked)} />}
    />
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack maw={760} gap="lg">
        <Paper withBorder p="md" radius="md">
          <Stack>
            <Title order={2} fz="h4">
              {t('settings_preferences.general')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {select(
                'language',
                t('settings_preferences.language'),
                languages.map((language) => ({ value: language.code, label: language.name })),
              )}
              {select(
                'time_zone',
                t('settings_preferences.time_zone'),
                zoneOptions.map((zone) => ({ value: zone.value, label: zone.key })),
              )}
              {select(
                'fiscal_year',
                t('settings_preferences.fiscal_year'),
                fiscalYears.map((year) => ({ value: year.value, label: fiscalYearLabel(year.value, i18n.language) })),
              )}
              {select(
                'date_format',
                t('settings_preferences.date_format'),
                dateFormats.map((format) => ({ value: format.carbon_format_value, label: format.display_date })),
              )}
            </SimpleGrid>
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Stack>
            <Title order={2} fz="h4">
              {t('settings_preferences.documents')}
            </Title>
            {toggle('discount_per_item_enabled', t('settings_preferences.discount_per_item'), t('settings_preferences.discount_per_item_hint'))}
            {toggle('tax_per_item_enabled', t('settings_preferences.tax_per_item'), t('settings_preferences.tax_per_item_hint'))}
            {toggle('link_expiry_enabled', t('settings_preferences.link_expiry'), t('settings_preferences.link_expiry_hint'))}
            {watch('link_expiry_enabled') && (
              <Controller
                control={control}
                name="link_expiry_days"
                render={({ field, fieldState }) => (
                  <NumberInput
                    label={t('settings_preferences.link_expiry_days')}
                    min={1}
                    max={365}
                    allowDecimal={false}
                    allowNegative={false}
                    maw={240}
                    value={typeof field.value === 'number' ? field.value : ''}
                    onChange={(value) => field.onChange(value === '' ? '' : Number(value))}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                  />
                )}
              />
            )}
          </Stack>
        </Paper>
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
