import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OneTimeSecret } from '../../../components/one-time-secret';

/** The signing secret, shown once after creation or rotation: the server keeps it sealed and never answers with it again. */
export function WebhookSecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={secret !== null} onClose={onClose} title={t('webhooks.secret_title')} centered>
      {secret && <OneTimeSecret value={secret} title={t('webhooks.secret_copy_now_title')} warning={t('webhooks.secret_copy_now')} testId="webhook-secret" copyLabel={t('webhooks.copy_secret')} onDone={onClose} />}
    </Modal>
  );
}
