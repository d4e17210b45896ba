import { Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { documentLinks } from '../../../lib/document-kinds';
import { BnplWizard } from '../components/bnpl-wizard';

/** `/invoices/{id}/bnpl`: pay an incoming invoice later; the lender pays the vendor now. */
export function BnplWizardPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <>
      <PageHeader title={t('financing.bnpl.title')} description={t('financing.bnpl.description')} />
      <Stack gap="md">
        <BnplWizard key={id} invoiceId={id} />
        <Anchor component={Link} to={documentLinks.view('invoice', id)} size="sm">
          {t('financing.bnpl.back_to_invoice')}
        </Anchor>
      </Stack>
    </>
  );
}
