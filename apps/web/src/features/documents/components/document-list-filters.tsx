import { useEffect, useEffectEvent, useState } from 'react';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { type DocumentDirection, estimateStatuses, invoiceStatuses } from '@app/contracts';
import { shownEstimateStatus } from '@app/domain';
import { DateField } from '../../../components/date-field';
import type { ServerOption } from '../../../components/server-select';
import type { DocumentKind } from '../../../lib/document-kinds';
import { CounterpartySelect } from '../../counterparties';

export const FILTER_KEYS = ['status', 'customer_id', 'number', 'from_date', 'to_date'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type Filters = Record<FilterKey, string>;

interface DocumentListFiltersProps {
  kind: DocumentKind;
  direction: DocumentDirection;
  filters: Filters;
  onChange: (next: Partial<Filters>) => void;
  /** The chosen customer's label, when a row on the page names it (the URL has only the id). */
  selectedCustomer: ServerOption | null;
}

/** A text filter written to the URL once typing settles, so each keystroke is not a request. */
function NumberFilter({ value, label, onChange }: { value: string; label: string; onChange: (value: string) => void }) {
  const [typed, setTyped] = useState(value);
  const [settled] = useDebouncedValue(typed, 300);
  const settle = useEffectEvent((next: string) => {
    if (next !== value) onChange(next);
  });
  useEffect(() => settle(settled), [settled]);
  useEffect(() => setTyped(value), [value]);
  return <TextInput label={label} value={typed} onChange={(event) => setTyped(event.currentTarget.value)} w={180} />;
}

/** Status, customer, number and date range; every value lives in the URL query. */
export function DocumentListFilters({ kind, direction, filters, onChange, selectedCustomer }: DocumentListFiltersProps) {
  const { t } = useTranslation();
  // An approved estimate reads Accepted in the filter as in the list (shownEstimateStatus).
  const statusOptions =
    kind === 'invoice'
      ? invoiceStatuses.map((status) => ({ value: status, label: t(`public_documents.status.${status}`) }))
      : estimateStatuses.map((status) => ({ value: status, label: t(`public_documents.status.${shownEstimateStatus(status)}`) }));
  const active = FILTER_KEYS.some((key) => filters[key] !== '');

  return (
    <Group align="flex-end" gap="sm" role="search" aria-label={t('invoices.filters.label')}>
      <NativeSelect
        label={t('invoices.filters.status')}
        data={[{ value: '', label: t('invoices.filters.any_status') }, ...statusOptions]}
        value={filters.status}
        onChange={(event) => onChange({ status: event.currentTarget.value })}
      />
      {direction === 'outgoing' && (
        <div style={{ width: 240 }}>
          <CounterpartySelect kind="customer" value={filters.customer_id || null} selected={selectedCustomer} onChange={(value) => onChange({ customer_id: value ?? '' })} />
        </div>
      )}
      <NumberFilter label={t(`${kind}s.filters.number`)} value={filters.number} onChange={(number) => onChange({ number })} />
      <DateField label={t('invoices.filters.from_date')} w={170} value={filters.from_date} max={filters.to_date} onChange={(from_date) => onChange({ from_date })} />
      <DateField label={t('invoices.filters.to_date')} w={170} value={filters.to_date} min={filters.from_date} onChange={(to_date) => onChange({ to_date })} />
      {active && (
        <Button variant="subtle" onClick={() => onChange({ status: '', customer_id: '', number: '', from_date: '', to_date: '' })}>
          {t('invoices.filters.clear')}
        </Button>
      )}
    </Group>
  );
}
