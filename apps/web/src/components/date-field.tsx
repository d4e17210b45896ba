import '@mantine/dates/styles.css';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput, type DateInputProps } from '@mantine/dates';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useBusinessDatePattern } from '../lib/date-format';

dayjs.extend(customParseFormat);

const ISO = 'YYYY-MM-DD';

/** Typed text as an ISO date: in the business's pattern, or already ISO; anything else is no date. */
export function parseTypedDate(text: string, pattern: string): string | null {
  for (const format of [pattern, ISO]) {
    const parsed = dayjs(text.trim(), format, true);
    if (parsed.isValid()) return parsed.format(ISO);
  }
  return null;
}

export interface DateFieldProps extends Omit<DateInputProps, 'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'minDate' | 'maxDate'> {
  /** The date as stored, YYYY-MM-DD; '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** Bounds as YYYY-MM-DD; '' or undefined for none. */
  min?: string;
  max?: string;
  /** The pattern to show; the current business's date format by default. */
  pattern?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The one date field of the forms and filters: it shows and reads dates in the business's date
 * format (25 Dec 2026 by default) with a calendar, whatever the browser's locale, and hands the
 * form YYYY-MM-DD. An optional field (not `required`) can be cleared.
 */
export function DateField({ value, onChange, min, max, pattern, required, ...props }: DateFieldProps) {
  const { t } = useTranslation();
  const businessPattern = useBusinessDatePattern();
  const shown = pattern ?? businessPattern;
  const ariaLabels = {
    previousMonth: t('date_field.previous_month'),
    nextMonth: t('date_field.next_month'),
    previousYear: t('date_field.previous_year'),
    nextYear: t('date_field.next_year'),
    previousDecade: t('date_field.previous_decade'),
    nextDecade: t('date_field.next_decade'),
    monthLevelControl: t('date_field.choose_month'),
    yearLevelControl: t('date_field.choose_year'),
  };
  return (
    <DateInput
      {...props}
      required={required}
      clearable={!required}
      // The clear button is an icon: screen readers need its name.
      clearButtonProps={{ 'aria-label': t('common.clear_date'), ...props.clearButtonProps }}
      value={value === '' ? null : value}
      onChange={(next) => onChange(next ?? '')}
      valueFormat={shown}
      dateParser={(text) => parseTypedDate(text, shown)}
      minDate={min || undefined}
      maxDate={max || undefined}
      placeholder={props.placeholder ?? dayjs('2026-12-25').format(shown)}
      popoverProps={{ withinPortal: true, ...props.popoverProps }}
      // Named calendar arrows, and no day in a colour too faint to read (Mantine's red weekends and
      // grey days of the neighbouring months are under 4.5:1 on white).
      ariaLabels={ariaLabels}
      weekendDays={[]}
      hideOutsideDates
    />
  );
}
