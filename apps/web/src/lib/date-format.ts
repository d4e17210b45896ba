import { dateFormats, defaultDateFormat, resolveBusinessSettings } from '@app/contracts';
import { useBootstrap } from './session';

/** The dayjs pattern of a business's date format setting (stored as Carbon tokens, 'd M Y'). */
export function dateInputPattern(carbonFormat: string): string {
  return dateFormats.find((format) => format.carbon_format_value === carbonFormat)?.moment_format_value ?? defaultDateFormat;
}

/** How the current business writes dates in its forms (spec section 9: DD MMM YYYY unless it chose another). */
export function useBusinessDatePattern(): string {
  return dateInputPattern(resolveBusinessSettings(useBootstrap().current_business_settings).date_format);
}
