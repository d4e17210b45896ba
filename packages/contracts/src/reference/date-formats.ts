/**
 * Date display formats. `carbon_format_value` uses PHP/Carbon tokens, and
 * `moment_format_value` uses moment/dayjs tokens. `display_date` is an example
 * rendering of 25 December 2026. The first entry is the product default.
 */
export type DateFormat = {
  display_date: string;
  carbon_format_value: string;
  moment_format_value: string;
};

export const dateFormats: readonly DateFormat[] = [
  { display_date: '25 Dec 2026', carbon_format_value: 'd M Y', moment_format_value: 'DD MMM YYYY' },
  { display_date: '2026 Dec 25', carbon_format_value: 'Y M d', moment_format_value: 'YYYY MMM DD' },
  { display_date: 'Dec 25, 2026', carbon_format_value: 'M d, Y', moment_format_value: 'MMM DD, YYYY' },
  { display_date: '25 December 2026', carbon_format_value: 'j F Y', moment_format_value: 'D MMMM YYYY' },
  { display_date: 'December 25, 2026', carbon_format_value: 'F j, Y', moment_format_value: 'MMMM D, YYYY' },
  { display_date: '25/12/2026', carbon_format_value: 'd/m/Y', moment_format_value: 'DD/MM/YYYY' },
  { display_date: '25.12.2026', carbon_format_value: 'd.m.Y', moment_format_value: 'DD.MM.YYYY' },
  { display_date: '25-12-2026', carbon_format_value: 'd-m-Y', moment_format_value: 'DD-MM-YYYY' },
  { display_date: '12/25/2026', carbon_format_value: 'm/d/Y', moment_format_value: 'MM/DD/YYYY' },
  { display_date: '2026/12/25', carbon_format_value: 'Y/m/d', moment_format_value: 'YYYY/MM/DD' },
  { display_date: '2026-12-25', carbon_format_value: 'Y-m-d', moment_format_value: 'YYYY-MM-DD' },
];

export const defaultDateFormat = 'DD MMM YYYY';

export type FiscalYear = { key: string; value: string };

/** Fiscal year options: `value` is "<start month>-<end month>" (1-based). */
export const fiscalYears: readonly FiscalYear[] = [
  { key: 'january-december', value: '1-12' },
  { key: 'february-january', value: '2-1' },
  { key: 'march-february', value: '3-2' },
  { key: 'april-march', value: '4-3' },
  { key: 'may-april', value: '5-4' },
  { key: 'june-may', value: '6-5' },
  { key: 'july-june', value: '7-6' },
  { key: 'august-july', value: '8-7' },
  { key: 'september-august', value: '9-8' },
  { key: 'october-september', value: '10-9' },
  { key: 'november-october', value: '11-10' },
  { key: 'december-november', value: '12-11' },
];
