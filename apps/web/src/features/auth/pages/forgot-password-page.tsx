import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { forgotPasswordRequestSchema } from '@app/contracts';
import { handleFormError } from '../../../lib/form-errors';
import { useForgotPassword } from '../auth-queries';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const forgot = useForgotPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof forgotPasswordRequestSchema>, unknown, z.output<typeof forgotPasswordRequestSchema>>({
    resolver: zodResolver(forgotPasswordRequestSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await forgot.mutateAsync(values);
    } catch (err) {
      handleFormError(err, setError, ['email']);
    }
  });

  return (
    <Stack>
      <Title order={1} fz="h3">
        {t('auth.forgot_password_title')}
      </Title>
      {forgot.isSuccess ? (
        <Alert color="green" role="status">
          {forgot.data.message ?? t('auth.reset_link_sent')}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              {t('auth.forgot_password_help')}
            </Text>
            <TextInput label={t('auth.email')} type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
            <Button type="submit" loading={isSubmitting} fullWidth>
              {t('auth.send_reset_link')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/login" size="sm" ta="center">
        {t('auth.back_to_login')}
      </Anchor>
    </Stack>
  );
}
