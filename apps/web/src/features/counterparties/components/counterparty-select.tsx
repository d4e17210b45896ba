import { useTranslation } from 'react-i18next';
import { type CounterpartyKind, counterpartyListResponseSchema } from '@app/contracts';
import { type ServerOption, type ServerOptionsQuery, ServerSelect } from '../../../components/server-select';
import { api } from '../../../lib/api-client';
import { counterpartyKinds } from '../../../lib/counterparty-kinds';
import { COUNTERPARTIES_PAGE_SIZE, counterpartyKeys } from '../counterparties-queries';

/** The first page of active records, or those matching `search`: archived ones are not offered. */
export function counterpartyOptions(kind: CounterpartyKind): ServerOptionsQuery {
  return (search, signal) =>
    api
      .get(counterpartyKinds[kind].base, counterpartyListResponseSchema, { query: { status: 'active', limit: COUNTERPARTIES_PAGE_SIZE, search: search || undefined }, signal })
      .then((list) => list.data.map((record): ServerOption => ({ value: record.id, label: record.display_name || record.name })));
}

const optionsByKind = { customer: counterpartyOptions('customer'), vendor: counterpartyOptions('vendor') } satisfies Record<CounterpartyKind, ServerOptionsQuery>;

interface CounterpartySelectProps {
  kind: CounterpartyKind;
  value: string | null;
  onChange: (value: string | null, option: ServerOption | null) => void;
  /** The chosen record's label when the form opens (e.g. the invoice's customer). */
  selected?: ServerOption | null;
  /** "Customer" or "Vendor" unless told. */
  label?: string;
  placeholder?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
}

/**
 * Picks a customer or vendor of the current business (for invoices, bills…), searching the
 * server as the user types; nothing loads until it opens. Lives in the kind's query cache, so
 * saving a record refreshes the options.
 */
export function CounterpartySelect({ kind, label, ...props }: CounterpartySelectProps) {
  const { t } = useTranslation();
  return <ServerSelect {...props} label={label ?? t(`counterparties.${kind}.one`)} queryKey={counterpartyKeys.all(kind)} fetchOptions={optionsByKind[kind]} />;
}
