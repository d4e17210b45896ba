import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { acceptInvitationRequestSchema, type AcceptInvitationRequest } from '@app/contracts';
import { QueryState } from '../../../components/query-state';
import { handleFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useAcceptInvitation, useInvitation, type InvitationInfo } from '../auth-queries';

function AcceptInvitationForm({ token, invitation }: { token: string; invitation: InvitationInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accept = useAcceptInvitation(token);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AcceptInvitationRequest, unknown, z.output<typeof acceptInvitationRequestSchema>>({
    resolver: zodResolver(acceptInvitationRequestSchema),
    defaultValues: { name: '', password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await accept.mutateAsync(values);
      notifySuccess(t('auth.invitation_accepted'));
      await navigate('/login', { replace: true });
    } catch (err) {
      handleFormError(err, setError, ['name', 'password', 'password_confirmation']);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Text size="sm">
          {invitation.business_name
            ? t('auth.invitation_to_business', { business: invitation.business_name, email: invitation.email })
            : t('auth.invitation_generic', { email: invitation.email })}
        </Text>
        <TextInput label={t('auth.email')} value={invitation.email} readOnly autoComplete="username" />
        <TextInput label={t('auth.name')} autoComplete="name" error={errors.name?.message} {...register('name')} />
        <PasswordInput label={t('auth.password')} autoComplete="new-password" error={errors.password?.message} {...register('password')} />
        <PasswordInput
          label={t('auth.confirm_password')}
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          {...register('password_confirmation')}
        />
        <Button type="submit" loading={isSubmitting} fullWidth>
          {t('auth.accept_invitation')}
        </Button>
      </Stack>
    </form>
  );
}

/** Accepting a team invitation; the same form sets the new user's password. */
export function AcceptInvitationPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const invitation = useInvitation(token);

  return (
    <Stack>
      <Title order={1} fz="h3">
        {invitation.data?.has_password === false ? t('auth.set_password_title') : t('auth.accept_invitation_title')}
      </Title>
      {invitation.isError ? (
        <Alert color="red" role="alert">
          {t('auth.invitation_invalid')}
        </Alert>
      ) : (
        <QueryState isPending={invitation.isPending} error={null}>
          {invitation.data && <AcceptInvitationForm token={token} invitation={invitation.data} />}
        </QueryState>
      )}
      <Anchor component={Link} to="/login" size="sm" ta="center">
        {t('auth.back_to_login')}
      </Anchor>
    </Stack>
  );
}
