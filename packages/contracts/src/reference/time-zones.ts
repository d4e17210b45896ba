export type TimeZoneOption = { key: string; value: string };

let cached: readonly TimeZoneOption[] | undefined;

/** UTC offset in minutes of `timeZone` at `date` (e.g. +60 for Europe/Berlin in winter). */
function offsetMinutes(timeZone: string, date: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(date);
  const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  // "GMT+05:30", "GMT-03:00", or plain "GMT" for a zero offset.
  const match = /^GMT([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(name);
  if (!match) return 0;
  const sign = match[1] === '-' ? -1 : 1;
  return sign * (Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0));
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${sign}${hh}:${mm}`;
}

/**
 * IANA time zones for pickers: `value` is the IANA name, `key` a label such as
 * "(UTC+01:00) Europe/Berlin" using the offset in effect when first computed.
 * Sorted by offset, then name. Always includes "UTC". Memoised.
 */
export function timeZones(): readonly TimeZoneOption[] {
  if (cached) return cached;
  const now = new Date();
  const names = new Set<string>(Intl.supportedValuesOf('timeZone'));
  names.add('UTC');
  const entries = [...names].map((value) => ({ value, offset: offsetMinutes(value, now) }));
  entries.sort((a, b) => a.offset - b.offset || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  cached = Object.freeze(
    entries.map(({ value, offset }) => Object.freeze({ key: `(UTC${formatOffset(offset)}) ${value}`, value })),
  );
  return cached;
}

/**
 * Names the runtime accepted. Business settings are read with this check on every request that
 * loads them, and building a DateTimeFormat costs far more than the lookup. Only accepted names are
 * kept, and at most ACCEPTED_TIME_ZONES_KEPT of them: Intl also accepts any upper/lower-case
 * spelling of a name, so the spellings a client may send are not a bounded set.
 */
const acceptedTimeZones = new Set<string>();
const ACCEPTED_TIME_ZONES_KEPT = 2_000;

/** True if `tz` is a time zone identifier the runtime's Intl implementation accepts. */
export function isValidTimeZone(tz: string): boolean {
  if (acceptedTimeZones.has(tz)) return true;
  if (tz.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
  } catch {
    return false;
  }
  if (acceptedTimeZones.size < ACCEPTED_TIME_ZONES_KEPT) acceptedTimeZones.add(tz);
  return true;
}
