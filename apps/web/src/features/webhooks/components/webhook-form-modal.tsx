import { NativeSelect, Textarea, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CURRENT_WEBHOOK_API_VERSION, WEBHOOK_ALL_EVENTS, type WebhookRequest, type WebhookResource, webhookRequestSchema } from '@app/contracts';
import { FormModal } from '../../../components/form-modal';
import { handleFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import type { WebhookArea } from '../../../lib/paths';
import { useSaveWebhook, useWebhookCatalogue } from '../webhooks-queries';
import { WebhookEventsField } from './webhook-events-field';

const FIELDS = ['url', 'description', 'events', 'api_version'] as const;

/** The API names a refused list item by its index (`events.3`); the form shows it on the list. */
const renameField = (field: string) => (field.startsWith('events.') ? 'events' : field);

interface WebhookFormModalProps {
  area: WebhookArea;
  /** null creates a new endpoint. */
  webhook: WebhookResource | null;
  onClose: () => void;
  /** After creation: the signing secret, to be shown once. */
  onCreated: (secret: string) => void;
}

/** One form for creating and editing an endpoint: where to send, what, and in which API version. */
export function WebhookFormModal({ area, webhook, onClose, onCreated }: WebhookFormModalProps) {
  const { t } = useTranslation();
  const catalogue = useWebhookCatalogue(area);
  const save = useSaveWebhook(area);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<WebhookRequest, unknown, z.output<typeof webhookRequestSchema>>({
    resolver: zodResolver(webhookRequestSchema),
    defaultValues: {
      url: webhook?.url ?? '',
      description: webhook?.description ?? '',
      events: webhook?.events ?? [WEBHOOK_ALL_EVENTS],
      api_version: webhook?.api_version ?? CURRENT_WEBHOOK_API_VERSION,
    },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync({ id: webhook?.id ?? null, body: { ...body, description: body.description || null } });
      notifySuccess(t(webhook ? 'webhooks.updated' : 'webhooks.created'));
      onClose();
      if (saved.secret !== null) onCreated(saved.secret);
    } catch (err) {
      handleFormError(err, setError, FIELDS, { rename: renameField });
    }
  });

  const versions = catalogue.data?.api_versions ?? [CURRENT_WEBHOOK_API_VERSION];

  return (
    <FormModal
      opened
      onClose={onClose}
      size="lg"
      title={t(webhook ? 'webhooks.edit' : 'webhooks.create')}
      onSubmit={onSubmit}
      submitting={isSubmitting}
      loading={{ isPending: catalogue.isPending, error: catalogue.error, onRetry: () => void catalogue.refetch() }}
    >
      <TextInput
        label={t('webhooks.url')}
        description={t('webhooks.url_help')}
        placeholder="https://example.com/webhooks"
        type="url"
        required
        data-autofocus
        error={errors.url?.message}
        {...register('url')}
      />
      <Textarea label={t('webhooks.description_label')} autosize minRows={2} error={errors.description?.message} {...register('description')} />
      <Controller
        control={control}
        name="events"
        render={({ field, fieldState }) => <WebhookEventsField catalogue={catalogue.data?.data ?? []} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
      />
      <NativeSelect
        label={t('webhooks.api_version')}
        description={t('webhooks.api_version_help')}
        data={versions}
        error={errors.api_version?.message}
        {...register('api_version')}
      />
    </FormModal>
  );
}
