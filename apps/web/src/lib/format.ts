const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** DD MMM YYYY (spec section 9); null and invalid values give an empty string. */
export function formatDate(value: string | null | undefined): string {
  const date = parse(value);
  if (!date) return '';
  return `${pad(date.getDate())} ${MONTHS[date.getMonth()] ?? ''} ${date.getFullYear()}`;
}

/** DD MMM YYYY hh:mm A (spec section 9). */
export function formatDateTime(value: string | null | undefined): string {
  const date = parse(value);
  if (!date) return '';
  const hours = date.getHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${formatDate(value)} ${pad(hour12)}:${pad(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}
