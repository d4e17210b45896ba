import { type ReactNode, useState } from 'react';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { type CounterpartyKind, type CounterpartyResource, type PostalAddressResource, countryById, currencyById } from '@app/contracts';
import { ExternalLink } from '../../../components/external-link';
import { Icon } from '../../../components/icon';
import { PageHeader } from '../../../components/page-header';
import { MethodLinkButton } from '../../saved-methods';
import { QueryState } from '../../../components/query-state';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/session';
import { CounterpartyEditModal } from '../components/counterparty-edit-modal';
import { CounterpartyStatement } from '../components/counterparty-statement';
import { counterpartyKinds, counterpartyLinks } from '../../../lib/counterparty-kinds';
import { useCounterparty, useResendBusinessInvite } from '../counterparties-queries';
import { useCounterpartyEditable } from '../use-counterparty-editable';
import { formatDocumentMoney } from '../../../lib/money';

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value || '—'}</Text>
    </div>
  );
}

function AddressCard({ title, address }: { title: string; address: PostalAddressResource | null | undefined }) {
  const { t } = useTranslation();
  const lines = address
    ? [address.name, address.address_street_1, address.address_street_2, [address.city, address.state, address.zip].filter(Boolean).join(', '), address.country_id ? countryById(address.country_id)?.name : null, address.phone].filter(Boolean)
    : [];
  return (
    <Card withBorder>
      <Title order={2} fz="h5" mb="xs">
        {title}
      </Title>
      {lines.length > 0 ? lines.map((line) => <Text size="sm" key={line}>{line}</Text>) : <Text size="sm" c="dimmed">{t('counterparties.no_address')}</Text>}
    </Card>
  );
}

function Details({ kind, record }: { kind: CounterpartyKind; record: CounterpartyResource }) {
  const { t } = useTranslation();
  const can = useCan('business');
  const resend = useResendBusinessInvite();
  const editable = useCounterpartyEditable(kind)(record);
  const [editing, setEditing] = useState(false);
  const currency = currencyById(record.currency_id);
  const invited = record.customer_business.owner_status !== 'active' && record.email;

  const resendInvite = async () => {
    try {
      await resend.mutateAsync({ businessId: record.customer_business.id, email: record.email ?? '' });
      notifySuccess(t('counterparties.invitation_sent'));
    } catch (err) {
      notifyError(err);
    }
  };

  return (
    <>
      <PageHeader
        title={record.display_name || record.name}
        actions={
          <>
            {kind === 'customer' && <MethodLinkButton customerId={record.id} />}
            {invited && can(counterpartyKinds[kind].abilities.create) && (
              <Button variant="default" leftSection={<Icon name="mail" size={16} />} loading={resend.isPending} onClick={() => void resendInvite()}>
                {t('counterparties.resend_invitation')}
              </Button>
            )}
            {editable && (
              <>
                <Button variant="default" component={Link} to={counterpartyLinks.edit(kind, record.id)}>
                  {t('counterparties.edit_all')}
                </Button>
                <Button leftSection={<Icon name="edit" size={16} />} onClick={() => setEditing(true)}>
                  {t('counterparties.edit')}
                </Button>
              </>
            )}
          </>
        }
      />
      <Stack>
        <Group>
          <Badge color={record.status === 'active' ? 'green' : 'gray'} variant="light">
            {t(`counterparties.status.${record.status}`)}
          </Badge>
          <Badge color={record.customer_business.owner_status === 'active' ? 'blue' : 'yellow'} variant="light">
            {t(record.customer_business.owner_status === 'active' ? 'counterparties.onboarded' : 'counterparties.not_onboarded')}
          </Badge>
        </Group>
        <Card withBorder>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Detail label={t('counterparties.amount_due')} value={formatDocumentMoney(record.amount_due, record.amount_due_currency_id)} />
            <Detail label={t('counterparties.name')} value={record.name} />
            <Detail label={t('counterparties.business')} value={record.customer_business.name} />
            <Detail label={t('counterparties.contact')} value={[record.contact_first_name, record.contact_last_name].filter(Boolean).join(' ')} />
            <Detail label={t('counterparties.email')} value={record.email} />
            <Detail label={t('counterparties.phone')} value={record.phone} />
            <Detail label={t('counterparties.website')} value={record.website && <ExternalLink url={record.website} />} />
            <Detail label={t('counterparties.currency')} value={currency ? `${currency.code} – ${currency.name}` : null} />
            <Detail label={t('counterparties.portal_access')} value={t(record.portal_access ? 'common.yes' : 'common.no')} />
          </SimpleGrid>
        </Card>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <AddressCard title={t('counterparties.billing_address')} address={record.billing_address} />
          <AddressCard title={t('counterparties.shipping_address')} address={record.shipping_address} />
        </SimpleGrid>
        <CounterpartyStatement kind={kind} id={record.id} />
      </Stack>
      {editing && <CounterpartyEditModal kind={kind} id={record.id} onClose={() => setEditing(false)} />}
    </>
  );
}

function ViewPage({ kind }: { kind: CounterpartyKind }) {
  const { id = '' } = useParams();
  const record = useCounterparty(kind, id);
  return (
    <QueryState isPending={record.isPending} error={record.error} onRetry={() => void record.refetch()}>
      {record.data && <Details kind={kind} record={record.data} />}
    </QueryState>
  );
}

export const CustomerViewPage = () => <ViewPage kind="customer" />;
export const VendorViewPage = () => <ViewPage kind="vendor" />;
