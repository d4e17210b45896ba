import { Button, Group, NumberInput, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type SecuritySettings, type SecuritySettingsInput, securitySettingsSchema } from '@app/contracts';
import { QueryState } from '../../../components/query-state';
import { useReportDirty } from '../../../components/unsaved-changes';
import { handleFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useSaveSecuritySettings, useSecuritySettings } from '../security-settings-queries';

function Form({ settings, canEdit }: { settings: SecuritySettings; canEdit: boolean }) {
  const { t } = useTranslation();
  const save = useSaveSecuritySettings();
  const {
    control,
    handleSubmit,
    setError,
    reset,
    formState: { isSubmitting, isDirty },
  } = useForm<SecuritySettingsInput, unknown, SecuritySettings>({ resolver: zodResolver(securitySettingsSchema), defaultValues: settings });
  useReportDirty(isDirty && !isSubmitting);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { data } = await save.mutateAsync(values);
      reset(data);
      notifySuccess(t('security_settings.saved'));
    } catch (err) {
      handleFormError(err, setError, ['personal_token_max_days']);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('security_settings.title')}>
      <Stack maw={480}>
        <Controller
          control={control}
          name="personal_token_max_days"
          render={({ field, fieldState }) => (
            <NumberInput
              label={t('security_settings.personal_token_max_days')}
              description={t('security_settings.personal_token_max_days_help')}
              min={1}
              max={3650}
              clampBehavior="none"
              allowDecimal={false}
              suffix={` ${t('security_settings.days')}`}
              readOnly={!canEdit}
              value={typeof field.value === 'number' ? field.value : ''}
              onChange={(value) => field.onChange(value === '' ? undefined : Number(value))}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        {canEdit && (
          <Group>
            <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
              {t('common.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** The tenant's security settings: readable with view-platform-setting, editable with edit-platform-setting. */
export function SecuritySettingsForm({ canEdit }: { canEdit: boolean }) {
  const settings = useSecuritySettings();
  return (
    <QueryState isPending={settings.isPending} error={settings.error} onRetry={() => void settings.refetch()}>
      {settings.data && <Form settings={settings.data} canEdit={canEdit} />}
    </QueryState>
  );
}
