import { Box, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DocumentItemResource, EstimateResource, InvoiceResource } from '@app/contracts';
import { formatDate } from '../lib/format';
import { formatDocumentDeduction, formatDocumentMoney } from '../lib/money';
import { postalAddressLines } from '../lib/postal-address';
import { TotalsSummary } from './totals-summary';

/** What both the signed-in view and the public page show: the document without internal fields. */
export type PreviewDocument = Omit<InvoiceResource, 'allowed_actions' | 'attachments'> | Omit<EstimateResource, 'allowed_actions' | 'attachments'>;

function Party({ title, name, lines }: { title: string; name: string; lines: readonly string[] }) {
  // A long address or name breaks inside its column instead of running into the dates beside it.
  return (
    <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {title}
      </Text>
      <Text fw={600}>{name}</Text>
      {lines.map((line) => (
        <Text size="sm" key={line}>
          {line}
        </Text>
      ))}
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <Group gap="xs" justify="space-between" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </Group>
  );
}

function LineDiscount({ item, currencyId }: { item: DocumentItemResource; currencyId: number }) {
  if (item.discount_val === 0) return <>—</>;
  const amount = formatDocumentDeduction(item.discount_val, currencyId);
  return <>{item.discount_type === 'percentage' ? `${item.discount}% (${amount})` : amount}</>;
}

/** Each tax of the line: its share of the rate, and the part of the rate's taxable amount it is on. */
function LineTaxes({ item, currencyId }: { item: DocumentItemResource; currencyId: number }) {
  const { t } = useTranslation();
  if (item.taxes.length === 0) return <>—</>;
  return (
    <>
      {item.taxes.map((tax) => (
        <Text size="sm" key={tax.id}>
          {t('public_documents.preview.tax_on', { tax: `${tax.name} ${tax.percent}%`, amount: formatDocumentMoney(tax.amount, currencyId), taxable: formatDocumentMoney(tax.taxable, currencyId) })}
        </Text>
      ))}
    </>
  );
}

/** The document as HTML: parties, dates, lines with their discounts and taxes, the totals block and notes. */
export function DocumentPreview({ document }: { document: PreviewDocument }) {
  const { t } = useTranslation();
  const money = (minor: number) => formatDocumentMoney(minor, document.currency_id);
  const invoice = 'invoice_number' in document ? document : null;
  const estimate = 'estimate_number' in document ? document : null;
  const { customer } = document;
  // Per-item taxes apply after each line's share of the document discount: shown so they re-add.
  const showsDiscountShare = document.tax_per_item_enabled && document.discount_val > 0;
  const optionalColumns = [document.discount_per_item_enabled, showsDiscountShare, document.tax_per_item_enabled].filter(Boolean).length;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="article" aria-label={t('public_documents.preview.label')}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <Title order={2} fz="h3">
            {document.business.name}
          </Title>
          <Stack gap={2} align="flex-end">
            <Text fz="h4" fw={700} tt="uppercase">
              {t(invoice ? 'public_documents.preview.invoice' : 'public_documents.preview.estimate')}
            </Text>
            <Text fw={600}>{invoice?.invoice_number ?? estimate?.estimate_number}</Text>
          </Stack>
        </Group>

        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <Party title={t('public_documents.preview.from')} name={document.business.name} lines={[]} />
          <Party title={t('public_documents.preview.bill_to')} name={customer.name} lines={[...(customer.email ? [customer.email] : []), ...postalAddressLines(customer.billing_address)]} />
          <Stack gap={4}>
            {invoice && (
              <>
                <Fact label={t('public_documents.preview.invoice_date')} value={formatDate(invoice.invoice_date)} />
                <Fact label={t('public_documents.preview.due_date')} value={formatDate(invoice.due_date)} />
              </>
            )}
            {estimate && (
              <>
                <Fact label={t('public_documents.preview.estimate_date')} value={formatDate(estimate.estimate_date)} />
                <Fact label={t('public_documents.preview.expiry_date')} value={formatDate(estimate.expiry_date)} />
                <Fact label={t('public_documents.preview.reference_number')} value={estimate.reference_number} />
              </>
            )}
          </Stack>
        </SimpleGrid>

        {/* Item, quantity, price and amount fit a phone; each optional column adds its width, and only then does the table scroll. */}
        <Table.ScrollContainer minWidth={320 + 120 * optionalColumns}>
          <Table verticalSpacing="sm" horizontalSpacing="xs" aria-label={t('public_documents.preview.items')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('public_documents.preview.item')}</Table.Th>
                <Table.Th ta="right">{t('public_documents.preview.quantity')}</Table.Th>
                <Table.Th ta="right">{t('public_documents.preview.price')}</Table.Th>
                {document.discount_per_item_enabled && <Table.Th ta="right">{t('public_documents.preview.discount')}</Table.Th>}
                {showsDiscountShare && <Table.Th ta="right">{t('public_documents.preview.document_discount')}</Table.Th>}
                {document.tax_per_item_enabled && <Table.Th ta="right">{t('public_documents.preview.tax')}</Table.Th>}
                <Table.Th ta="right">{t('public_documents.preview.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {document.items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Text size="sm" fw={500}>
                      {item.name}
                    </Text>
                    {item.description && (
                      <Text size="xs" c="dimmed">
                        {item.description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{item.unit_name ? `${item.quantity} ${item.unit_name}` : item.quantity}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {money(item.price)}
                  </Table.Td>
                  {document.discount_per_item_enabled && (
                    <Table.Td ta="right">
                      <LineDiscount item={item} currencyId={document.currency_id} />
                    </Table.Td>
                  )}
                  {showsDiscountShare && <Table.Td ta="right">{item.document_discount_share === 0 ? '—' : formatDocumentDeduction(item.document_discount_share, document.currency_id)}</Table.Td>}
                  {document.tax_per_item_enabled && (
                    <Table.Td ta="right">
                      <LineTaxes item={item} currencyId={document.currency_id} />
                    </Table.Td>
                  )}
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {money(item.total)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>

        <TotalsSummary
          currencyId={document.currency_id}
          subTotal={document.sub_total}
          discountType={document.discount_type}
          discount={document.discount}
          discountVal={document.discount_val}
          taxes={document.taxes}
          total={document.total}
          amountPaid={invoice?.amount_paid}
          amountDue={invoice?.due_amount}
        />

        {document.notes && (
          <Box>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('public_documents.preview.notes')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {document.notes}
            </Text>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
