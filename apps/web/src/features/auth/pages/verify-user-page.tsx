import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MailedLinkPage } from '../../../components/mailed-link-page';
import { useVerifyEmail } from '../auth-queries';

/**
 * The link in the verification email (a sign-up, or the resend for an account not verified yet)
 * lands here with ?token=. It verifies and never signs in: a sign-up someone else made with this
 * address must not hand over an account.
 */
export function VerifyUserPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  return (
    <MailedLinkPage
      token={searchParams.get('token') ?? ''}
      request={useVerifyEmail()}
      title={t('auth.verify_user_title')}
      pending={t('auth.verifying')}
      succeeded={t('auth.email_verified')}
      succeededNext={t('auth.verified_sign_in')}
      invalid={t('auth.verification_invalid')}
    />
  );
}
