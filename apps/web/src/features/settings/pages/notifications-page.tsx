import { Button, Group, Paper, Stack, TagsInput, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { MAX_NOTIFICATION_RECIPIENTS, type NotificationSettingsResponse, type UpdateNotificationSettingsRequest, updateNotificationSettingsRequestSchema } from '@app/contracts';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useReportDirty } from '../../../components/unsaved-changes';
import { handleFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useNotificationSettings, useSaveNotificationSettings } from '../notification-settings-queries';

type Output = z.output<typeof updateNotificationSettingsRequestSchema>;

/** 'invoice.paid' → 'invoice_paid': a dot would nest the message key. */
const eventKey = (event: string) => event.replace('.', '_');

/** The first message under one event's addresses: the list's own, or the first address's. */
function recipientsError(errors: unknown): string | undefined {
  if (typeof errors !== 'object' || errors === null) return undefined;
  if ('message' in errors && typeof errors.message === 'string') return errors.message;
  for (const entry of Object.values(errors)) {
    const nested = recipientsError(entry);
    if (nested) return nested;
  }
  return undefined;
}

function NotificationsForm({ stored }: { stored: NotificationSettingsResponse['data'] }) {
  const { t } = useTranslation();
  const save = useSaveNotificationSettings();
  const {
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<UpdateNotificationSettingsRequest, unknown, Output>({ resolver: zodResolver(updateNotificationSettingsRequestSchema), defaultValues: { settings: stored } });
  useReportDirty(isDirty && !isSubmitting);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const response = await save.mutateAsync(values);
      reset({ settings: response.data });
      notifySuccess(t('notifications.saved'));
    } catch (err) {
      handleFormError(err, setError, ['settings']);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack maw={760}>
        {stored.map((setting, index) => (
          <Paper key={setting.event} withBorder p="md">
            <Controller
              control={control}
              name={`settings.${index}.recipients`}
              render={({ field }) => (
                <TagsInput
                  label={t(`notifications.events.${eventKey(setting.event)}.label`)}
                  description={t(`notifications.events.${eventKey(setting.event)}.help`)}
                  placeholder={t('notifications.placeholder')}
                  maxTags={MAX_NOTIFICATION_RECIPIENTS}
                  splitChars={[',', ' ', ';']}
                  clearable
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={recipientsError(errors.settings?.[index])}
                />
              )}
            />
          </Paper>
        ))}
        <Group>
          <Button type="submit" loading={isSubmitting}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Settings → notifications: which of the business's events email whom. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  return (
    <>
      <PageHeader title={t('notifications.title')} description={t('notifications.description')} />
      <Text size="sm" c="dimmed" mb="md" maw={760}>
        {t('notifications.how')}
      </Text>
      <QueryState isPending={settings.isPending} error={settings.error} onRetry={() => void settings.refetch()}>
        {settings.data && <NotificationsForm stored={settings.data} />}
      </QueryState>
    </>
  );
}
