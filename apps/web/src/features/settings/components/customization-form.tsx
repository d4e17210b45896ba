import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { toNestErrors } from '@hookform/resolvers';
import { Controller, type FieldError, FormProvider, type Path, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type BusinessSettings, type DocumentModel, type ResolvedBusinessSettings, businessSettingsSchema } from '@app/contracts';
import { type NumberComponent, defaultNumberFormats, parseNumberFormat, serializeNumberFormat, todayInTimeZone, validateNumberComponents } from '@app/domain';
import { useReportDirty } from '../../../components/unsaved-changes';
import { handleFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { changedSettings, useSaveBusinessSettings } from '../business-settings-queries';
import { NumberFormatBuilder } from './number-format-builder';

export type CustomizationValues = { components: NumberComponent[]; settings: BusinessSettings };

const numberingKeys = {
  invoice: { format: 'invoice_number_format', yearly: 'invoice_number_yearly_reset' },
  estimate: { format: 'estimate_number_format', yearly: 'estimate_number_yearly_reset' },
  payment: { format: 'payment_number_format', yearly: 'payment_number_yearly_reset' },
} as const;

/** A stored format that no longer parses is shown as the default, so the page stays usable. */
function componentsOf(format: string, model: DocumentModel): NumberComponent[] {
  const parsed = parseNumberFormat(format);
  if (parsed.ok) return parsed.components;
  const fallback = parseNumberFormat(defaultNumberFormats[model]);
  return fallback.ok ? fallback.components : [];
}

function valuesOf(stored: ResolvedBusinessSettings, model: DocumentModel, keys: readonly (keyof BusinessSettings)[]): CustomizationValues {
  const settings: BusinessSettings = {};
  for (const key of [...keys, numberingKeys[model].yearly]) Object.assign(settings, { [key]: stored[key] });
  return { components: componentsOf(stored[numberingKeys[model].format], model), settings };
}

function settingsOf(values: CustomizationValues, model: DocumentModel): BusinessSettings {
  return { ...values.settings, [numberingKeys[model].format]: serializeNumberFormat(values.components) };
}

/** The numbering rules and the settings schema, as form errors; number format errors show on the builder. */
function customizationResolver(model: DocumentModel): Resolver<CustomizationValues> {
  return (values, _context, options) => {
    const errors: Record<string, FieldError> = {};
    for (const problem of validateNumberComponents(values.components)) errors['root.numbering'] ??= { type: 'validation', message: problem.message };
    const parsed = businessSettingsSchema.safeParse(settingsOf(values, model));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors[`settings.${issue.path.join('.')}`] ??= { type: 'validation', message: issue.message };
    }
    return Object.keys(errors).length === 0 ? { values, errors: {} } : { values: {}, errors: toNestErrors(errors, options) };
  };
}

interface CustomizationFormProps {
  model: DocumentModel;
  stored: ResolvedBusinessSettings;
  /** The settings this tab edits besides the numbering. */
  keys: readonly (keyof BusinessSettings)[];
  children?: ReactNode;
}

/** One customization tab: the numbering of its document model and the model's own settings. */
export function CustomizationForm({ model, stored, keys, children }: CustomizationFormProps) {
  const { t } = useTranslation();
  const save = useSaveBusinessSettings();
  const form = useForm<CustomizationValues>({ defaultValues: valuesOf(stored, model, keys), resolver: customizationResolver(model) });
  const { control, handleSubmit, setError, reset, formState } = form;
  useReportDirty(formState.isDirty && !formState.isSubmitting);
  const today = todayInTimeZone(new Date(), stored.time_zone);
  const formatKey = numberingKeys[model].format;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const response = await save.mutateAsync(changedSettings(stored, settingsOf(values, model)));
      reset(valuesOf({ ...stored, ...response.settings }, model, keys));
      notifySuccess(t('settings_customization.saved'));
    } catch (err) {
      const fields: Path<CustomizationValues>[] = ['components', ...keys.map((key): Path<CustomizationValues> => `settings.${key}`)];
      // The API names fields inside the request's `settings` object; the number format is edited as components.
      handleFormError(err, setError, fields, { rename: (field) => (field === `settings.${formatKey}` ? 'components' : field) });
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack maw={860} gap="lg">
          <Paper withBorder p="md" radius="md">
            <Stack>
              <Title order={2} fz="h4">
                {t('settings_customization.numbering')}
              </Title>
              <Controller
                control={control}
                name="components"
                render={({ field }) => (
                  <Controller
                    control={control}
                    name={`settings.${numberingKeys[model].yearly}`}
                    render={({ field: yearly }) => (
                      <NumberFormatBuilder
                        model={model}
                        value={field.value}
                        onChange={field.onChange}
                        yearlyReset={yearly.value === true}
                        onYearlyResetChange={yearly.onChange}
                        date={today}
                        serverError={formState.errors.components?.message}
                      />
                    )}
                  />
                )}
              />
            </Stack>
          </Paper>
          {children}
          <Group justify="flex-end">
            <Button type="submit" loading={formState.isSubmitting} disabled={!formState.isDirty}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
