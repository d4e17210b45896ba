import { useEffect, useState } from 'react';
import { ActionIcon, Anchor, Button, Group, Menu, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type PaymentDirection, type PaymentResource, paymentDeleteAbility, paymentWriteAbility } from '@app/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ListTabs } from '../../../components/data-table/list-tabs';
import { DateField } from '../../../components/date-field';
import { useListQueryState } from '../../../components/data-table/use-list-query-state';
import { Icon } from '../../../components/icon';
import { PageHeader } from '../../../components/page-header';
import { documentLinks } from '../../../lib/document-kinds';
import { formatDate } from '../../../lib/format';
import { formatDocumentMoney } from '../../../lib/money';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useBootstrap, useCan } from '../../../lib/session';
import { CounterpartySelect } from '../../counterparties';
import { ImportButton } from '../../data-import';
import { ClaimStatus } from '../components/claim-status';
import { PaymentClaims } from '../components/payment-claims';
import { PaymentFormModal } from '../components/payment-form-modal';
import { counterpartyKindOf, paymentDirectionsFor, paymentLinks, readPaymentDirection } from '../payment-links';
import { useDeletePayments, usePayments } from '../payments-queries';
import { ExportButton } from '../../exports';

const FILTER_KEYS = ['tab', 'counterparty_id', 'from_date', 'to_date'] as const;

function columnsFor(direction: PaymentDirection, t: (key: string) => string): DataTableColumn<PaymentResource>[] {
  return [
    { key: 'date', header: t('payments.columns.date'), render: (payment) => formatDate(payment.payment_date) },
    {
      key: 'number',
      header: t('payments.columns.number'),
      render: (payment) => (
        <Anchor component={Link} to={paymentLinks.view(payment.id)} size="sm" onClick={(event) => event.stopPropagation()}>
          {payment.payment_number}
        </Anchor>
      ),
    },
    { key: 'party', header: t(direction === 'received' ? 'payments.columns.customer' : 'payments.columns.vendor'), render: (payment) => payment.counterparty.name },
    {
      key: 'invoice',
      header: t('payments.columns.invoice'),
      render: (payment) =>
        payment.invoice ? (
          <Anchor component={Link} to={documentLinks.view('invoice', payment.invoice.id)} size="sm" onClick={(event) => event.stopPropagation()}>
            {payment.invoice.invoice_number}
          </Anchor>
        ) : (
          '—'
        ),
    },
    { key: 'mode', header: t('payments.columns.mode'), render: (payment) => payment.mode?.name ?? '—' },
    // A payment made against an invoice waits for the vendor: where it stands is part of the row.
    ...(direction === 'made'
      ? [{ key: 'claim', header: t('payments.columns.status'), render: (payment: PaymentResource) => (payment.claim ? <ClaimStatus claim={payment.claim} /> : '—') }]
      : []),
    { key: 'amount', header: t('payments.columns.amount'), align: 'right', render: (payment) => formatDocumentMoney(payment.amount, payment.currency_id) },
  ];
}

/**
 * Payments received and made (spec section 2): a tab per direction for a business that both buys
 * and sells, filters and page in the URL, bulk delete, recording in a form.
 */
export function PaymentsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan('business');
  const { current_business: business } = useBootstrap();
  const directions = paymentDirectionsFor(business);
  const list = useListQueryState(FILTER_KEYS);
  const direction = readPaymentDirection(list.filters.tab || null, directions);
  const filters = list.filters;
  const params = {
    tab: direction,
    page: list.page,
    search: list.search || undefined,
    [direction === 'received' ? 'customer_id' : 'vendor_id']: filters.counterparty_id || undefined,
    from_date: filters.from_date || undefined,
    to_date: filters.to_date || undefined,
  };
  const payments = usePayments(params);
  const remove = useDeletePayments();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<PaymentResource | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [deleting, setDeleting] = useState<{ ids: string[]; number?: string } | null>(null);
  const canWrite = can(paymentWriteAbility);
  const canDelete = can(paymentDeleteAbility);
  const filterState = JSON.stringify(params);
  const rows = payments.data?.data ?? [];
  const totalCount = payments.data?.meta.payment_total_count ?? null;
  const chosen = rows.find((row) => row.counterparty.id === filters.counterparty_id);
  const filtered = FILTER_KEYS.some((key) => key !== 'tab' && filters[key] !== '') || list.search !== '';

  useEffect(() => setSelected(new Set()), [filterState]);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.ids);
      notifySuccess(t('payments.notice.deleted', { count: deleting.ids.length }));
      setSelected(new Set());
    } catch (err) {
      notifyError(err);
    }
    setDeleting(null);
  };

  const createButton = canWrite && (
    <Button leftSection={<Icon name="plus" size={16} />} onClick={() => setCreating(true)}>
      {t(`payments.new_${direction}`)}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('payments.title')}
        actions={
          <>
            <ImportButton entity="payments" />
            <ExportButton type="payments" filters={params} />
            {createButton}
          </>
        }
      />
      <Stack>
        {directions.length > 1 && (
          <ListTabs
            value={direction}
            values={directions}
            label={(value) => t(`payments.tabs.${value}`)}
            onChange={(value) => list.update({ tab: value, counterparty_id: '' })}
          />
        )}
        {direction === 'received' && <PaymentClaims />}
        <Group align="flex-end" gap="sm" role="search" aria-label={t('payments.filters.label')}>
          <TextInput label={t('payments.filters.search')} value={list.typed} onChange={(event) => list.setTyped(event.currentTarget.value)} w={220} />
          <div style={{ width: 240 }}>
            <CounterpartySelect
              kind={counterpartyKindOf(direction)}
              value={filters.counterparty_id || null}
              selected={chosen ? { value: chosen.counterparty.id, label: chosen.counterparty.name } : null}
              onChange={(value) => list.update({ counterparty_id: value ?? '' })}
            />
          </div>
          <DateField label={t('payments.filters.from_date')} w={170} value={filters.from_date} max={filters.to_date} onChange={(from_date) => list.update({ from_date })} />
          <DateField label={t('payments.filters.to_date')} w={170} value={filters.to_date} min={filters.from_date} onChange={(to_date) => list.update({ to_date })} />
          {filtered && (
            <Button variant="subtle" onClick={() => list.update({ search: '', counterparty_id: '', from_date: '', to_date: '' })}>
              {t('payments.filters.clear')}
            </Button>
          )}
        </Group>
        {selected.size > 0 && canDelete && (
          <Group role="toolbar" aria-label={t('payments.bulk.label')}>
            <Text size="sm">{t('payments.bulk.selected', { count: selected.size })}</Text>
            <Button color="red" variant="light" size="xs" leftSection={<Icon name="trash" size={14} />} onClick={() => setDeleting({ ids: [...selected] })}>
              {t('payments.bulk.delete')}
            </Button>
          </Group>
        )}
        {totalCount === 0 ? (
          <Stack align="center" py="xl" gap="sm">
            <Icon name="cash" size={40} />
            <Text fw={600}>{t(`payments.empty.${direction}`)}</Text>
            <Text c="dimmed" size="sm" ta="center" maw={420}>
              {t('payments.empty.text')}
            </Text>
            {createButton}
          </Stack>
        ) : (
          <DataTable
            query={payments}
            columns={columnsFor(direction, t)}
            getRowId={(payment) => payment.id}
            emptyText={t('payments.no_match')}
            minWidth={820}
            selection={canDelete ? { selected, onChange: setSelected } : undefined}
            onRowClick={(payment) => void navigate(paymentLinks.view(payment.id))}
            actions={(payment) => (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" color="gray" aria-label={t('payments.actions.menu_for', { number: payment.payment_number })}>
                    <Icon name="dots" />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item component={Link} to={paymentLinks.view(payment.id)}>
                    {t('payments.actions.view')}
                  </Menu.Item>
                  {canWrite && <Menu.Item onClick={() => setEditing(payment)}>{t('payments.actions.edit')}</Menu.Item>}
                  {canDelete && payment.claim?.status !== 'confirmed' && (
                    <Menu.Item color="red.9" onClick={() => setDeleting({ ids: [payment.id], number: payment.payment_number })}>
                      {t('payments.actions.delete')}
                    </Menu.Item>
                  )}
                </Menu.Dropdown>
              </Menu>
            )}
          />
        )}
      </Stack>
      {(creating || editing) && (
        <PaymentFormModal
          direction={editing?.direction ?? direction}
          payment={editing}
          onClose={() => {
            setCreating(false);
            setEditing(null);
          }}
          onSaved={(saved) => creating && void navigate(paymentLinks.view(saved.id))}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('payments.confirm.delete_title')}
        message={deleting?.number ? t('payments.confirm.delete', { number: deleting.number }) : t('payments.confirm.delete_many', { count: deleting?.ids.length ?? 0 })}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
