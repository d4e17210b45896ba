import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { createAccessTokenRequestSchema, type CreateAccessTokenRequest } from '@app/contracts';
import { OneTimeSecret } from '../../../components/one-time-secret';
import { handleFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useCreateAccessToken } from '../account-queries';

const EXPIRY_DAYS = [7, 30, 60, 90, 365] as const;
const DEFAULT_DAYS = 30;

/** The lifetimes offered: the usual ones up to the tenant's maximum, and the maximum itself. */
function expiryChoices(maxDays: number): number[] {
  return [...new Set([...EXPIRY_DAYS.filter((days) => days <= maxDays), maxDays])].sort((a, b) => a - b);
}

/** Every token expires, at most `maxDays` after it is made (the tenant's setting). */
export function CreateTokenModal({ opened, onClose, maxDays }: { opened: boolean; onClose: () => void; maxDays: number }) {
  const { t } = useTranslation();
  const create = useCreateAccessToken();
  const [plainText, setPlainText] = useState<string | null>(null);
  const defaults = { name: '', expires_in_days: Math.min(DEFAULT_DAYS, maxDays) };
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CreateAccessTokenRequest, unknown, z.output<typeof createAccessTokenRequestSchema>>({
    resolver: zodResolver(createAccessTokenRequestSchema),
    defaultValues: defaults,
  });

  const close = () => {
    reset(defaults);
    setPlainText(null);
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await create.mutateAsync(values);
      setPlainText(result.plain_text_token);
      notifySuccess(t('tokens.created'));
    } catch (err) {
      handleFormError(err, setError, ['name', 'expires_in_days']);
    }
  });

  const expiryOptions = expiryChoices(maxDays).map((days) => ({ value: String(days), label: t('tokens.days', { count: days }) }));

  return (
    <Modal opened={opened} onClose={close} title={t('tokens.create')} centered>
      {plainText ? (
        <OneTimeSecret value={plainText} title={t('tokens.copy_now_title')} warning={t('tokens.copy_now')} testId="plain-text-token" onDone={close} />
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              {t('tokens.create_help')}
            </Text>
            <TextInput label={t('tokens.name')} data-autofocus error={errors.name?.message} {...register('name')} />
            <Controller
              control={control}
              name="expires_in_days"
              render={({ field, fieldState }) => (
                <NativeSelect
                  label={t('tokens.expiry')}
                  description={t('tokens.expiry_help', { count: maxDays })}
                  data={expiryOptions}
                  value={String(field.value ?? defaults.expires_in_days)}
                  onChange={(event) => field.onChange(Number(event.currentTarget.value))}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={isSubmitting}>
                {t('tokens.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
