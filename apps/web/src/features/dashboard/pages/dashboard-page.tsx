import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useBootstrap } from '../../../lib/session';

// A first dashboard built from the startup data; the full dashboard (stats, charts, recent
// documents) replaces these cards in a later issue.
function CountCard({ label, value }: { label: string; value: number }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Text c="dimmed" size="sm">
        {label}
      </Text>
      <Text fw={700} fz={32}>
        {value}
      </Text>
    </Card>
  );
}

export function DashboardPage() {
  const { t } = useTranslation();
  const { current_business: business, current_user: user, incoming_invoice_count, outgoing_invoice_count } = useBootstrap();

  return (
    <>
      <PageHeader title={t('dashboard.title')} description={t('dashboard.welcome', { name: user.name })} />
      <Title order={2} fz="h4" mb="md">
        {business?.name ?? t('business.none_selected')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} maw={640}>
        <CountCard label={t('dashboard.outgoing_invoices')} value={outgoing_invoice_count} />
        <CountCard label={t('dashboard.incoming_invoices')} value={incoming_invoice_count} />
      </SimpleGrid>
    </>
  );
}
