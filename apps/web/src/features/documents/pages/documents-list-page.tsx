import { type ReactNode, useEffect, useState } from 'react';
import { Anchor, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { DocumentDirection, ListMeta } from '@app/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ListTabs } from '../../../components/data-table/list-tabs';
import { useListQueryState } from '../../../components/data-table/use-list-query-state';
import { DocumentStatusBadge, PaidStatusBadge, PaymentProcessingBadge } from '../../../components/document-status-badge';
import { Icon } from '../../../components/icon';
import { PageHeader } from '../../../components/page-header';
import { type DocumentKind, directionsFor, documentKinds, documentLinks, rememberList } from '../../../lib/document-kinds';
import { formatDate } from '../../../lib/format';
import { formatDocumentMoney, owedText } from '../../../lib/money';
import { useBootstrap, useCan } from '../../../lib/session';
import { IncomingPayMenuItems } from '../../online-payments';
import { DocumentListFilters, FILTER_KEYS, type Filters } from '../components/document-list-filters';
import { DocumentRowMenu } from '../components/document-row-menu';
import { InvoiceStats } from '../components/invoice-stats';
import { readTab, tabsFor } from '../document-tabs';
import { type DocumentListRow, isInvoice, shownStatusOf, useDocumentList } from '../documents-queries';
import { useDocumentCommands } from '../use-document-commands';
import { ExportButton } from '../../exports';

const numberOf = (row: DocumentListRow) => (isInvoice(row) ? row.invoice_number : row.estimate_number);

function columnsFor(kind: DocumentKind, direction: DocumentDirection, t: (key: string) => string): DataTableColumn<DocumentListRow>[] {
  const money = (minor: number, row: DocumentListRow) => formatDocumentMoney(minor, row.currency_id);
  const columns: DataTableColumn<DocumentListRow>[] = [
    { key: 'date', header: t('invoices.columns.date'), render: (row) => formatDate(isInvoice(row) ? row.invoice_date : row.estimate_date) },
    {
      key: 'number',
      header: t('invoices.columns.number'),
      render: (row) => (
        <Anchor component={Link} to={documentLinks.view(kind, row.id)} size="sm" onClick={(event) => event.stopPropagation()}>
          {numberOf(row)}
        </Anchor>
      ),
    },
    {
      key: 'party',
      header: t(direction === 'outgoing' ? 'invoices.columns.customer' : 'invoices.columns.vendor'),
      render: (row) => (direction === 'outgoing' ? row.customer.name : row.business.name),
    },
    { key: 'status', header: t('invoices.columns.status'), render: (row) => <DocumentStatusBadge status={shownStatusOf(row, direction)} /> },
  ];
  if (kind === 'invoice') {
    columns.push({ key: 'paid_status', header: t('invoices.columns.paid_status'), render: (row) =>
        isInvoice(row) && (
          <Group gap={4} wrap="nowrap">
            <PaidStatusBadge status={row.paid_status} />
            <PaymentProcessingBadge processing={row.payment_processing} />
          </Group>
        ),
    });
  } else {
    columns.push({ key: 'expiry_date', header: t('estimates.columns.expiry_date'), render: (row) => (isInvoice(row) ? '' : formatDate(row.expiry_date)) });
  }
  columns.push({ key: 'total', header: t('invoices.columns.total'), align: 'right', render: (row) => money(row.total, row) });
  if (kind === 'invoice') columns.push({ key: 'due', header: t('invoices.columns.amount_due'), align: 'right', render: (row) => (isInvoice(row) ? owedText(row.paid_status, money(row.due_amount, row)) : '') });
  return columns;
}

function EmptyState({ kind, action }: { kind: DocumentKind; action: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" py="xl" gap="sm">
      <Icon name={kind === 'invoice' ? 'file-invoice' : 'file-text'} size={40} />
      <Text fw={600}>{t(`${kind}s.empty.title`)}</Text>
      <Text c="dimmed" size="sm" ta="center" maw={420}>
        {t(`${kind}s.empty.text`)}
      </Text>
      {action}
    </Stack>
  );
}

/** How many documents the filters select; a free-text search counts no further than a thousand, shown as "1,000+". */
function MatchCount({ kind, meta }: { kind: DocumentKind; meta: ListMeta & { total_is_lower_bound?: boolean } }) {
  const { t, i18n } = useTranslation();
  const shown = meta.total.toLocaleString(i18n.language);
  return (
    <Text size="sm" c="dimmed" role="status">
      {meta.total_is_lower_bound ? t(`${kind}s.match_count_lower_bound`, { shown }) : t(`${kind}s.match_count`, { count: meta.total, shown })}
    </Text>
  );
}

interface DocumentsListPageProps {
  kind: DocumentKind;
  direction: DocumentDirection;
  /** Extra header actions (the invoice upload). */
  headerActions?: ReactNode;
}

/**
 * Outgoing or incoming invoices or estimates: direction switch (for businesses that both buy and sell),
 * status tabs, filters and page in the URL, bulk delete and a menu per row.
 */
export function DocumentsListPage({ kind, direction, headerActions }: DocumentsListPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan('business');
  const { current_business: business } = useBootstrap();
  const abilities = documentKinds[kind].abilities;
  const list = useListQueryState(['tab_status', ...FILTER_KEYS] as const);
  const tab = readTab(kind, direction, list.filters.tab_status || null);
  const filters: Filters = list.filters;
  const params = {
    type: direction,
    tab_status: tab,
    page: list.page,
    status: filters.status || undefined,
    customer_id: direction === 'outgoing' ? filters.customer_id || undefined : undefined,
    [documentKinds[kind].numberField]: filters.number || undefined,
    from_date: filters.from_date || undefined,
    to_date: filters.to_date || undefined,
  };
  const documents = useDocumentList(kind, params);
  const commands = useDocumentCommands(kind);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [deleting, setDeleting] = useState<{ ids: string[]; number?: string } | null>(null);
  const canCreate = direction === 'outgoing' && can(abilities.create);
  const canDelete = direction === 'outgoing' && can(abilities.delete);
  const filterState = JSON.stringify(params);

  useEffect(() => rememberList(kind, direction, tab), [kind, direction, tab]);
  useEffect(() => setSelected(new Set()), [filterState]);

  const confirmDelete = async () => {
    if (!deleting) return;
    if (await commands.removeAll(deleting.ids)) setSelected(new Set());
    setDeleting(null);
  };

  const meta = documents.data?.meta;
  const totalCount = meta ? ('invoice_total_count' in meta ? meta.invoice_total_count : meta.estimate_total_count) : null;
  const rows = documents.data?.data ?? [];
  const chosenCustomer = rows.find((row) => row.customer_id === filters.customer_id);
  const createButton = canCreate && (
    <Button component={Link} to={documentLinks.create(kind)} leftSection={<Icon name="plus" size={16} />}>
      {t(`${kind}s.new`)}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t(`${kind}s.title`)}
        actions={
          <>
            {direction === 'outgoing' && headerActions}
            <ExportButton type={kind === 'invoice' ? 'invoices' : 'estimates'} filters={params} />
            {createButton}
          </>
        }
      />
      <Stack>
        {directionsFor(business).length > 1 && (
          <SegmentedControl
            aria-label={t('invoices.direction.label')}
            w="fit-content"
            value={direction}
            data={directionsFor(business).map((value) => ({ value, label: t(`invoices.direction.${value}`) }))}
            onChange={(value) => void navigate(documentLinks.list(kind, value === 'incoming' ? 'incoming' : 'outgoing'))}
          />
        )}
        {kind === 'invoice' && <InvoiceStats direction={direction} />}
        <ListTabs value={tab} values={tabsFor(kind, direction)} label={(value) => t(`${kind}s.tabs.${value}`)} onChange={(value) => list.update({ tab_status: value })} />
        <DocumentListFilters
          kind={kind}
          direction={direction}
          filters={filters}
          onChange={(next) => list.update(next)}
          selectedCustomer={chosenCustomer ? { value: chosenCustomer.customer_id, label: chosenCustomer.customer.name } : null}
        />
        {selected.size > 0 && canDelete && (
          <Group role="toolbar" aria-label={t('invoices.bulk.label')}>
            <Text size="sm">{t('invoices.bulk.selected', { count: selected.size })}</Text>
            <Button color="red" variant="light" size="xs" leftSection={<Icon name="trash" size={14} />} onClick={() => setDeleting({ ids: [...selected] })}>
              {t('invoices.bulk.delete')}
            </Button>
          </Group>
        )}
        {meta && meta.total > 0 && <MatchCount kind={kind} meta={meta} />}
        {totalCount === 0 ? (
          <EmptyState kind={kind} action={createButton} />
        ) : (
          <DataTable
            query={documents}
            columns={columnsFor(kind, direction, t)}
            getRowId={(row) => row.id}
            emptyText={t(`${kind}s.no_match`)}
            minWidth={860}
            selection={canDelete ? { selected, onChange: setSelected } : undefined}
            onRowClick={(row) => void navigate(documentLinks.view(kind, row.id))}
            actions={(row) => (
              <DocumentRowMenu
                kind={kind}
                document={{ ...row, number: numberOf(row) }}
                onClone={() => void commands.run(row.id, 'clone')}
                onDelete={() => setDeleting({ ids: [row.id], number: numberOf(row) })}
                extraItems={isInvoice(row) && row.direction === 'incoming' ? <IncomingPayMenuItems invoice={row} /> : null}
              />
            )}
          />
        )}
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        title={t(`${kind}s.confirm.delete_title`)}
        message={deleting?.number ? t(`${kind}s.confirm.delete`, { number: deleting.number }) : t(`${kind}s.confirm.delete_many`, { count: deleting?.ids.length ?? 0 })}
        loading={commands.removing}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
