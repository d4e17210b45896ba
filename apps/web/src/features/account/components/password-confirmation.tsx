import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { confirmPasswordRequestSchema, messages } from '@app/contracts';
import { isApiError } from '../../../lib/api-error';
import { handleFormError } from '../../../lib/form-errors';
import { notifyError } from '../../../lib/notify';
import { fetchPasswordConfirmed, useConfirmPassword } from '../account-queries';

type Action = () => Promise<void>;

interface ConfirmPasswordModalProps {
  opened: boolean;
  onClose: () => void;
  onConfirmed: () => void;
}

function ConfirmPasswordModal({ opened, onClose, onConfirmed }: ConfirmPasswordModalProps) {
  const { t } = useTranslation();
  const confirm = useConfirmPassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ password: string }>({ resolver: zodResolver(confirmPasswordRequestSchema), defaultValues: { password: '' } });

  const close = () => {
    reset();
    onClose();
  };

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await confirm.mutateAsync(password);
      reset();
      onConfirmed();
    } catch (err) {
      handleFormError(err, setError, ['password']);
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={t('account.confirm_password_title')} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text size="sm">{t('account.confirm_password_help')}</Text>
          <PasswordInput label={t('auth.password')} autoComplete="current-password" data-autofocus error={errors.password?.message} {...register('password')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t('common.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Runs a sensitive action after making sure the password was confirmed recently: asks for it
 * first when the server says it is not, or when the action is refused for that reason.
 */
export function usePasswordGate(): { run: (action: Action) => Promise<void>; modal: ReactNode } {
  const [pending, setPending] = useState<Action | null>(null);

  const attempt = async (action: Action) => {
    try {
      await action();
    } catch (err) {
      if (isApiError(err) && err.message === messages.passwordConfirmationRequired) setPending(() => action);
      else notifyError(err);
    }
  };

  const run = async (action: Action) => {
    try {
      if (await fetchPasswordConfirmed()) await attempt(action);
      else setPending(() => action);
    } catch (err) {
      notifyError(err);
    }
  };

  const modal = (
    <ConfirmPasswordModal
      opened={pending !== null}
      onClose={() => setPending(null)}
      onConfirmed={() => {
        const action = pending;
        setPending(null);
        if (action) void attempt(action);
      }}
    />
  );

  return { run, modal };
}
