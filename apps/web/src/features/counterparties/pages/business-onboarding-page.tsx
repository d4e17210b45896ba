import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { type BusinessOnboardingInfo, type BusinessOnboardingRequest, businessOnboardingRequestSchema } from '@app/contracts';
import { QueryState } from '../../../components/query-state';
import { handleFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useAcceptOnboarding, useOnboardingInvitation } from '../counterparties-queries';

function OnboardingForm({ token, invitation }: { token: string; invitation: BusinessOnboardingInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accept = useAcceptOnboarding(token);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<BusinessOnboardingRequest, unknown, z.output<typeof businessOnboardingRequestSchema>>({
    resolver: zodResolver(businessOnboardingRequestSchema),
    defaultValues: { name: '', password: '', password_confirmation: '', business_name: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await accept.mutateAsync(values);
      notifySuccess(t('auth.invitation_accepted'));
      await navigate('/login', { replace: true });
    } catch (err) {
      handleFormError(err, setError, ['name', 'password', 'password_confirmation', 'business_name']);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Text size="sm">
          {invitation.inviter_business_name
            ? t('onboarding.invited_by', { inviter: invitation.inviter_business_name, business: invitation.business_name })
            : t('onboarding.invited', { business: invitation.business_name })}
        </Text>
        <TextInput label={t('auth.email')} value={invitation.email} readOnly autoComplete="username" />
        <TextInput label={t('auth.name')} autoComplete="name" error={errors.name?.message} {...register('name')} />
        <PasswordInput label={t('auth.password')} autoComplete="new-password" error={errors.password?.message} {...register('password')} />
        <PasswordInput label={t('auth.confirm_password')} autoComplete="new-password" error={errors.password_confirmation?.message} {...register('password_confirmation')} />
        <TextInput
          label={t('onboarding.business_name')}
          description={t('onboarding.business_name_help', { business: invitation.business_name })}
          error={errors.business_name?.message}
          {...register('business_name')}
        />
        <Button type="submit" loading={isSubmitting} fullWidth>
          {t('auth.accept_invitation')}
        </Button>
      </Stack>
    </form>
  );
}

/** A counterparty business's owner sets up their account (public, in the login layout). */
export function BusinessOnboardingPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const invitation = useOnboardingInvitation(token);

  return (
    <Stack>
      <Title order={1} fz="h3">
        {t('onboarding.title')}
      </Title>
      {invitation.isError ? (
        <Alert color="red" role="alert">
          {t('auth.invitation_invalid')}
        </Alert>
      ) : (
        <QueryState isPending={invitation.isPending} error={null}>
          {invitation.data && <OnboardingForm token={token} invitation={invitation.data} />}
        </QueryState>
      )}
      <Anchor component={Link} to="/login" size="sm" ta="center">
        {t('auth.back_to_login')}
      </Anchor>
    </Stack>
  );
}
