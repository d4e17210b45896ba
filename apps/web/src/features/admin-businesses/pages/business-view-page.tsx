import { type ReactNode, useState } from 'react';
import { Badge, Button, Card, Group, Image, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { type AdminBusinessDetail, type PostalAddressResource, currencyById } from '@app/contracts';
import { ExternalLink } from '../../../components/external-link';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { adminLinks, adminPaths } from '../../../lib/paths';
import { postalAddressLines } from '../../../lib/postal-address';
import { safeUrl } from '../../../lib/safe-url';
import { useCan } from '../../../lib/session';
import { DeleteBusinessDialog } from '../components/delete-business-dialog';
import { BusinessPlanSelect } from '../../plans';
import { adminBusinessKeys, useAdminBusiness, useAdminBusinessAction } from '../businesses-queries';

/** The address with its name first, on one line. */
function addressLine(address: PostalAddressResource | null): string {
  return [address?.name, ...postalAddressLines(address)].filter(Boolean).join(', ');
}

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text>{value || '—'}</Text>
    </div>
  );
}

function BusinessView({ business }: { business: AdminBusinessDetail }) {
  const { t } = useTranslation();
  const can = useCan('platform');
  const label = (key: string) => t(`admin_businesses.${key}`);
  const logo = safeUrl(business.logo);
  const currency = currencyById(business.currency_id);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card withBorder>
          <Text size="xs" c="dimmed">{label('team_size')}</Text>
          <Title order={2}>{business.stats.team_size}</Title>
        </Card>
        <Card withBorder>
          <Text size="xs" c="dimmed">{label('active_members')}</Text>
          <Title order={2}>{business.stats.active_members}</Title>
        </Card>
        <Card withBorder>
          <Text size="xs" c="dimmed">{label('invited_members')}</Text>
          <Title order={2}>{business.stats.invited_members}</Title>
        </Card>
      </SimpleGrid>
      {can({ all: ['edit-business', 'view-platform-setting'] }) && <BusinessPlanSelect businessId={business.id} planId={business.plan_id} businessKey={adminBusinessKeys.one(business.id)} />}
      <Card withBorder>
        <Group align="flex-start" gap="xl">
          {logo && <Image src={logo} alt={label('logo')} h={64} w="auto" fit="contain" />}
          <SimpleGrid cols={{ base: 1, sm: 3 }} style={{ flex: 1 }}>
            <Detail label={label('type')} value={t(`admin_businesses.types.${business.type}`)} />
            <Detail label={label('currency')} value={currency ? `${currency.code} – ${currency.name}` : null} />
            <Detail label={label('slug')} value={business.slug} />
            <Detail label={label('owner')} value={business.owner ? `${business.owner.name} <${business.owner.email}>` : null} />
            <Detail label={label('email')} value={business.email} />
            <Detail label={label('phone')} value={business.phone} />
            <Detail label={label('website')} value={business.website && <ExternalLink url={business.website} />} />
            <Detail label={label('contact')} value={[business.contact_first_name, business.contact_last_name].filter(Boolean).join(' ')} />
            <Detail label={label('bank_name')} value={business.bank_info ? [business.bank_info.bank_name, business.bank_info.account_number_last4 ? `****${business.bank_info.account_number_last4}` : null].filter(Boolean).join(' ') : null} />
            <Detail label={label('billing_address')} value={addressLine(business.billing_address)} />
            <Detail label={label('shipping_address')} value={addressLine(business.shipping_address)} />
          </SimpleGrid>
        </Group>
      </Card>
      <section aria-labelledby="business-team">
        <Title order={2} fz="h4" id="business-team" mb="sm">
          {label('team')}
        </Title>
        <Table.ScrollContainer minWidth={560}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{label('member_name')}</Table.Th>
                <Table.Th>{label('email')}</Table.Th>
                <Table.Th>{label('role')}</Table.Th>
                <Table.Th>{label('status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {business.team.map((member) => (
                <Table.Tr key={member.id}>
                  <Table.Td>{member.name}</Table.Td>
                  <Table.Td>{member.email}</Table.Td>
                  <Table.Td>{member.role}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={member.status === 'active' ? 'green' : member.status === 'invited' ? 'yellow' : 'gray'}>
                      {t(`platform_users.status.${member.status}`)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </section>
    </Stack>
  );
}

export function AdminBusinessViewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan('platform');
  const { id = '' } = useParams();
  const business = useAdminBusiness(id);
  const action = useAdminBusinessAction();
  const [deleting, setDeleting] = useState(false);
  const data = business.data;

  const toggle = () => {
    if (!data) return;
    const next = data.disabled ? 'enable' : 'disable';
    action.mutate({ id, action: next }, { onSuccess: () => notifySuccess(t(next === 'disable' ? 'admin_businesses.disabled_done' : 'admin_businesses.enabled_done')), onError: notifyError });
  };

  return (
    <>
      <PageHeader
        title={data?.name ?? t('admin_businesses.title')}
        description={data ? t(data.disabled ? 'admin_businesses.disabled' : 'admin_businesses.active') : undefined}
        actions={
          data && (
            <>
              {can('edit-business') && (
                <>
                  <Button component={Link} to={adminLinks.businessEdit(id)} variant="default">
                    {t('admin_businesses.edit')}
                  </Button>
                  <Button variant="default" onClick={toggle} loading={action.isPending}>
                    {t(data.disabled ? 'admin_businesses.enable' : 'admin_businesses.disable')}
                  </Button>
                </>
              )}
              {can('delete-business') && (
                <Button color="red" variant="light" onClick={() => setDeleting(true)}>
                  {t('admin_businesses.delete')}
                </Button>
              )}
            </>
          )
        }
      />
      <QueryState isPending={business.isPending} error={business.error} onRetry={() => void business.refetch()}>
        {data && <BusinessView business={data} />}
      </QueryState>
      <DeleteBusinessDialog business={deleting && data ? data : null} onClose={() => setDeleting(false)} onDeleted={() => void navigate(adminPaths.businesses)} />
    </>
  );
}
