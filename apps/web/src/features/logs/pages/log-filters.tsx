import { Button, Group, NativeSelect, Pill, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';

/** The log filters' keys in the URL query. */
export const LOG_FILTER_KEYS = ['from', 'to', 'user_id', 'user_label', 'business_id', 'business_label', 'method', 'response_code'] as const;

export type LogFilterValues = Record<(typeof LOG_FILTER_KEYS)[number], string>;

interface LogFiltersProps {
  values: LogFilterValues;
  apiFilters?: boolean;
  onChange: (next: Partial<LogFilterValues>) => void;
}

const METHODS = ['', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Date range (and for API logs method and response code) as inputs; the user and business
 * filters are set by choosing a name in the table and shown here as removable pills.
 */
export function LogFilters({ values, apiFilters = false, onChange }: LogFiltersProps) {
  const { t } = useTranslation();
  const clear = () => onChange({ from: '', to: '', user_id: '', user_label: '', business_id: '', business_label: '', method: '', response_code: '' });
  return (
    <Group align="flex-end" wrap="wrap">
      <DateField label={t('logs.from')} w={170} value={values.from} max={values.to} onChange={(from) => onChange({ from })} />
      <DateField label={t('logs.to')} w={170} value={values.to} min={values.from} onChange={(to) => onChange({ to })} />
      {apiFilters && (
        <>
          <NativeSelect
            label={t('logs.method')}
            value={values.method}
            data={METHODS.map((m) => ({ value: m, label: m || t('logs.any') }))}
            onChange={(event) => onChange({ method: event.currentTarget.value })}
          />
          <TextInput label={t('logs.response_code')} inputMode="numeric" maw={140} value={values.response_code} onChange={(event) => onChange({ response_code: event.currentTarget.value.replace(/\D/g, '').slice(0, 3) })} />
        </>
      )}
      {values.user_id && (
        <Pill size="lg" withRemoveButton onRemove={() => onChange({ user_id: '', user_label: '' })} removeButtonProps={{ 'aria-label': t('logs.remove_user_filter') }}>
          {t('logs.user_filter', { name: values.user_label || values.user_id })}
        </Pill>
      )}
      {values.business_id && (
        <Pill size="lg" withRemoveButton onRemove={() => onChange({ business_id: '', business_label: '' })} removeButtonProps={{ 'aria-label': t('logs.remove_business_filter') }}>
          {t('logs.business_filter', { name: values.business_label || values.business_id })}
        </Pill>
      )}
      <Button variant="subtle" onClick={clear}>
        {t('logs.clear')}
      </Button>
    </Group>
  );
}
