import { TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { WEBHOOK_MAX_SECRET_OVERLAP_HOURS, webhookRotateSecretSchema } from '@app/contracts';
import { FormModal } from '../../../components/form-modal';
import { handleFormError } from '../../../lib/form-errors';
import type { WebhookArea } from '../../../lib/paths';
import { useRotateWebhookSecret } from '../webhooks-queries';

interface RotateSecretModalProps {
  area: WebhookArea;
  webhookId: string;
  onClose: () => void;
  onRotated: (secret: string) => void;
}

/** A new signing secret; the old one keeps signing too for the overlap, so the receiver can switch without missing a delivery. */
export function RotateSecretModal({ area, webhookId, onClose, onRotated }: RotateSecretModalProps) {
  const { t } = useTranslation();
  const rotate = useRotateWebhookSecret(area);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof webhookRotateSecretSchema>, unknown, z.output<typeof webhookRotateSecretSchema>>({
    resolver: zodResolver(webhookRotateSecretSchema),
    defaultValues: { overlap_hours: 24 },
  });

  const onSubmit = handleSubmit(async ({ overlap_hours }) => {
    try {
      const answer = await rotate.mutateAsync({ id: webhookId, overlapHours: overlap_hours });
      onClose();
      onRotated(answer.secret);
    } catch (err) {
      handleFormError(err, setError, ['overlap_hours']);
    }
  });

  return (
    <FormModal opened onClose={onClose} title={t('webhooks.rotate_title')} onSubmit={onSubmit} submitting={isSubmitting} submitLabel={t('webhooks.rotate')}>
      <TextInput
        label={t('webhooks.overlap_hours')}
        description={t('webhooks.overlap_hours_help', { max: WEBHOOK_MAX_SECRET_OVERLAP_HOURS })}
        type="number"
        inputMode="numeric"
        min={0}
        max={WEBHOOK_MAX_SECRET_OVERLAP_HOURS}
        required
        data-autofocus
        error={errors.overlap_hours?.message}
        {...register('overlap_hours')}
      />
    </FormModal>
  );
}
