import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MailedLinkPage } from '../../../components/mailed-link-page';
import { useConfirmEmailChange } from '../account-queries';

/** The link mailed to a new account address (/confirm-email/{token}): opening it switches the address; it signs nobody in. */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  return (
    <MailedLinkPage
      token={token}
      request={useConfirmEmailChange()}
      title={t('email_change.title')}
      pending={t('email_change.confirming')}
      succeeded={t('email_change.confirmed')}
      succeededNext={t('email_change.confirmed_next')}
      invalid={t('email_change.invalid')}
      invalidNext={t('email_change.invalid_next')}
    />
  );
}
