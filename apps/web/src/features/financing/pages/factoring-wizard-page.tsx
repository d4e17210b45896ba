import { Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { documentLinks } from '../../../lib/document-kinds';
import { FactoringWizard } from '../components/factoring-wizard';
import { useFactoringOffer } from '../financing-queries';

/** `/invoices/{id}/factoring`: the lender's offer for an outgoing invoice, taken in the wizard. A refused offer shows the server's reason. */
export function FactoringWizardPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const offer = useFactoringOffer(id);
  return (
    <>
      <PageHeader title={t('financing.factoring.title')} description={t('financing.factoring.description')} />
      <Stack gap="md">
        <QueryState isPending={offer.isPending} error={offer.error} onRetry={() => void offer.refetch()}>
          {offer.data && <FactoringWizard key={offer.data.loan_info.id} invoiceId={id} offer={offer.data} onNewOffer={() => void offer.refetch()} />}
        </QueryState>
        <Anchor component={Link} to={documentLinks.view('invoice', id)} size="sm">
          {t('financing.factoring.back_to_invoice')}
        </Anchor>
      </Stack>
    </>
  );
}
