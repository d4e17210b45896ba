import { Anchor, Button, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { resetPasswordRequestSchema } from '@app/contracts';
import { handleFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useResetPassword } from '../auth-queries';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [searchParams] = useSearchParams();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof resetPasswordRequestSchema>, unknown, z.output<typeof resetPasswordRequestSchema>>({
    resolver: zodResolver(resetPasswordRequestSchema),
    defaultValues: { token, email: searchParams.get('email') ?? '', password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await reset.mutateAsync(values);
      notifySuccess(result.message ?? t('auth.password_reset'));
      await navigate('/login', { replace: true });
    } catch (err) {
      handleFormError(err, setError, ['email', 'password', 'password_confirmation']);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Title order={1} fz="h3">
          {t('auth.reset_password_title')}
        </Title>
        <TextInput label={t('auth.email')} type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <PasswordInput label={t('auth.password')} autoComplete="new-password" error={errors.password?.message} {...register('password')} />
        <PasswordInput
          label={t('auth.confirm_password')}
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          {...register('password_confirmation')}
        />
        <Button type="submit" loading={isSubmitting} fullWidth>
          {t('auth.reset_password')}
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {t('auth.back_to_login')}
        </Anchor>
      </Stack>
    </form>
  );
}
