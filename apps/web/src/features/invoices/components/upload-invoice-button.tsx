import { Suspense, lazy, useState } from 'react';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon';
import { useCan } from '../../../lib/session';

// The upload form (spreadsheet parsing messages, file inputs) loads only when asked for.
const UploadInvoiceModal = lazy(() => import('./upload-invoice-modal').then((m) => ({ default: m.UploadInvoiceModal })));

export function UploadInvoiceButton() {
  const { t } = useTranslation();
  const can = useCan('business');
  const [opened, setOpened] = useState(false);
  if (!can('create-invoice')) return null;
  return (
    <>
      <Button variant="default" leftSection={<Icon name="file-invoice" size={16} />} onClick={() => setOpened(true)}>
        {t('invoices.upload')}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <UploadInvoiceModal opened onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
