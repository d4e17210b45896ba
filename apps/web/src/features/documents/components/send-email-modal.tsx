import { useTranslation } from 'react-i18next';
import { EmailModal } from '../../../components/email-modal';
import type { DocumentKind } from '../../../lib/document-kinds';
import { useEmailPreview, useSendDocumentEmail } from '../documents-queries';

interface SendEmailModalProps {
  kind: DocumentKind;
  id: string;
  opened: boolean;
  onClose: () => void;
}

/** The document's mail: its preview and send calls. */
export function SendEmailModal({ kind, id, opened, onClose }: SendEmailModalProps) {
  const { t } = useTranslation();
  const preview = useEmailPreview(kind, id, opened);
  const send = useSendDocumentEmail(kind);
  return (
    <EmailModal
      title={t(`${kind}s.send.title`)}
      opened={opened}
      onClose={onClose}
      preview={preview}
      send={(body) => send.mutateAsync({ id, body })}
      sentNotice={t(`${kind}s.notice.sent`)}
    />
  );
}
