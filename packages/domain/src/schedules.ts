/**
 * Recurring schedules: five cron fields (minute, hour, day of month, month, day of week)
 * evaluated in a time zone, anchored to a start date, DST-safe.
 *
 * - Presets take their time of day from the spec's cron strings and their day from the start date:
 *   a weekly schedule started on a Wednesday runs on Wednesdays, a monthly one started on the 31st
 *   runs on the last day of shorter months, a yearly one started on 15 March runs every 15 March
 *   (one started on 29 February runs on 28 February in other years).
 * - Custom schedules are taken literally (standard cron: when both day fields are restricted, a
 *   day matching either runs), never before the start date.
 * - A wall time that does not exist (spring forward) runs at the first valid minute after the gap;
 *   an ambiguous one (fall back) runs once, at its first instant.
 */
export const scheduleFrequencies = ['daily', 'weekly', 'monthly', 'yearly', 'custom'] as const;
export type ScheduleFrequency = (typeof scheduleFrequencies)[number];
export type PresetFrequency = Exclude<ScheduleFrequency, 'custom'>;

/** Spec section 9. */
export const presetCron: Readonly<Record<PresetFrequency, string>> = {
  yearly: '0 0 1 1 *',
  monthly: '0 0 1 * *',
  weekly: '0 0 * * 0',
  daily: '0 0 * * *',
};

export const cronFieldNames = ['minute', 'hour', 'day_of_month', 'month', 'day_of_week'] as const;
export type CronFieldName = (typeof cronFieldNames)[number];
export type CronFields = Record<CronFieldName, string>;

const fieldRanges: Record<CronFieldName, { min: number; max: number }> = {
  minute: { min: 0, max: 59 },
  hour: { min: 0, max: 23 },
  day_of_month: { min: 1, max: 31 },
  month: { min: 1, max: 12 },
  day_of_week: { min: 0, max: 6 },
};

export type ParsedCron = {
  minutes: readonly number[];
  hours: readonly number[];
  daysOfMonth: ReadonlySet<number>;
  months: ReadonlySet<number>;
  daysOfWeek: ReadonlySet<number>;
  /** '*' in a day field leaves the other one in charge (standard cron). */
  dayOfMonthAny: boolean;
  dayOfWeekAny: boolean;
};

export type Schedule = {
  frequency: ScheduleFrequency;
  /** For presets, the preset's cron (only its time of day is used); for custom, the user's five fields. */
  cron: string;
  timeZone: string;
  startsOn: string;
  /** Inclusive, as a date in the schedule's time zone. */
  endsOn: string | null;
  /** Ends after this many invoices. */
  limitCount: number | null;
};

export type OccurrenceOptions = {
  /** Occurrences strictly after this instant (e.g. the last period made). */
  after?: Date | null;
  /** Occurrences at or after this instant (e.g. a paused schedule skips what it missed). */
  notBefore?: Date | null;
  /** Invoices already made, counted against `limitCount`. */
  generated?: number;
};

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** A custom schedule with no match in this many days never runs (29 February recurs within 8 years). */
const SEARCH_DAYS = 366 * 9;
const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

type CivilDate = { year: number; month: number; day: number };

function parseDate(date: string): CivilDate {
  const match = isoDatePattern.exec(date);
  const civil = { year: Number(match?.[1]), month: Number(match?.[2]), day: Number(match?.[3]) };
  if (!match || civil.month < 1 || civil.month > 12 || civil.day < 1 || civil.day > daysInMonth(civil.year, civil.month)) {
    throw new RangeError(`Expected a YYYY-MM-DD date, got '${date}'`);
  }
  return civil;
}

function civilOf(utcMidnight: number): CivilDate {
  const date = new Date(utcMidnight);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

function formatCivil({ year, month, day }: CivilDate): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

function parseField(text: string, { min, max }: { min: number; max: number }): number[] | null {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const match = /^(\*|(\d{1,2})(?:-(\d{1,2}))?)(?:\/(\d{1,2}))?$/.exec(part.trim());
    if (!match) return null;
    const step = match[4] === undefined ? 1 : Number(match[4]);
    let from = min;
    let to = max;
    if (match[1] !== '*') {
      from = Number(match[2]);
      // 'a/n' runs from a to the end of the range, as in cron.
      to = match[3] === undefined ? (match[4] === undefined ? from : max) : Number(match[3]);
    }
    if (step < 1 || from < min || to > max || from > to) return null;
    for (let value = from; value <= to; value += step) values.add(value);
  }
  return [...values].sort((a, b) => a - b);
}

export function splitCron(cron: string): CronFields | null {
  const parts = cron.trim().split(/\s+/);
  if (parts.length !== 5) return null;
  const [minute = '', hour = '', dayOfMonth = '', month = '', dayOfWeek = ''] = parts;
  return { minute, hour, day_of_month: dayOfMonth, month, day_of_week: dayOfWeek };
}

export function joinCron(fields: CronFields): string {
  return cronFieldNames.map((name) => fields[name].trim()).join(' ');
}

/** The names of the fields that are malformed or out of range. A valid field is '*', a number, a list 'a,b' or a range 'a-b', each optionally with a step '/n'. */
export function invalidCronFields(fields: CronFields): CronFieldName[] {
  return cronFieldNames.filter((name) => parseField(fields[name], fieldRanges[name]) === null);
}

export function parseCron(cron: string): ParsedCron | null {
  const fields = splitCron(cron);
  if (!fields || invalidCronFields(fields).length > 0) return null;
  const field = (name: CronFieldName) => parseField(fields[name], fieldRanges[name]) ?? [];
  return {
    minutes: field('minute'),
    hours: field('hour'),
    daysOfMonth: new Set(field('day_of_month')),
    months: new Set(field('month')),
    daysOfWeek: new Set(field('day_of_week')),
    dayOfMonthAny: fields.day_of_month.trim() === '*',
    dayOfWeekAny: fields.day_of_week.trim() === '*',
  };
}

/** 0 = Sunday. */
export function weekdayOf(date: string): number {
  const { year, month, day } = parseDate(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** The cron a schedule actually follows: a preset with its day taken from the start date. */
export function effectiveCron(schedule: Pick<Schedule, 'frequency' | 'cron' | 'startsOn'>): string {
  if (schedule.frequency === 'custom') return schedule.cron;
  const base = splitCron(presetCron[schedule.frequency]);
  const own = splitCron(schedule.cron);
  if (!base) throw new Error('Preset cron strings have five fields');
  const time = { minute: own?.minute ?? base.minute, hour: own?.hour ?? base.hour };
  const start = parseDate(schedule.startsOn);
  switch (schedule.frequency) {
    case 'daily':
      return joinCron({ ...time, day_of_month: '*', month: '*', day_of_week: '*' });
    case 'weekly':
      return joinCron({ ...time, day_of_month: '*', month: '*', day_of_week: String(weekdayOf(schedule.startsOn)) });
    case 'monthly':
      return joinCron({ ...time, day_of_month: String(start.day), month: '*', day_of_week: '*' });
    case 'yearly':
      return joinCron({ ...time, day_of_month: String(start.day), month: String(start.month), day_of_week: '*' });
  }
}

function runsOnDay(schedule: Schedule, cron: ParsedCron, date: CivilDate, weekday: number): boolean {
  if (schedule.frequency !== 'custom') {
    const start = parseDate(schedule.startsOn);
    const clamp = (month: number) => Math.min(start.day, daysInMonth(date.year, month));
    switch (schedule.frequency) {
      case 'daily':
        return true;
      case 'weekly':
        return weekday === weekdayOf(schedule.startsOn);
      case 'monthly':
        return date.day === clamp(date.month);
      case 'yearly':
        return date.month === start.month && date.day === clamp(start.month);
    }
  }
  if (!cron.months.has(date.month)) return false;
  const byMonthDay = cron.daysOfMonth.has(date.day);
  const byWeekday = cron.daysOfWeek.has(weekday);
  if (cron.dayOfMonthAny && cron.dayOfWeekAny) return true;
  if (cron.dayOfMonthAny) return byWeekday;
  if (cron.dayOfWeekAny) return byMonthDay;
  return byMonthDay || byWeekday;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock time at `instant` in the zone, as milliseconds of a UTC date with the same fields. */
function wallClock(instant: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((entry) => entry.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
}

/** Offset (local minus UTC) in effect at a whole-minute instant. */
function offsetAt(instant: number, timeZone: string): number {
  return wallClock(instant, timeZone) - Math.floor(instant / MINUTE_MS) * MINUTE_MS;
}

/**
 * The instant of a wall time in a zone: the earlier one when the wall time happens twice, the
 * end of the gap when it does not happen at all.
 */
export function zonedTimeToUtc(date: string, hour: number, minute: number, timeZone: string): Date {
  const { year, month, day } = parseDate(date);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // No zone moves twice within two days, so the offsets a day either side are the only candidates.
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const valid = [wall - before, wall - after].filter((instant) => offsetAt(instant, timeZone) === wall - instant);
  if (valid.length > 0) return new Date(Math.min(...valid));
  // In the gap: the first instant on the new offset, found to the minute.
  let low = wall - before - (after - before);
  let high = wall - before;
  while (high - low > MINUTE_MS) {
    const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
    if (offsetAt(middle, timeZone) === after) high = middle;
    else low = middle;
  }
  return new Date(high);
}

/** The calendar date of an instant in a zone. */
export function dateInTimeZone(instant: Date, timeZone: string): string {
  return formatCivil(civilOf(Math.floor(wallClock(instant.getTime(), timeZone) / DAY_MS) * DAY_MS));
}

/** Why a schedule is not usable, or null. */
export function scheduleProblem(schedule: Schedule): 'time_zone' | 'cron' | 'start_date' | 'end_date' | 'count' | null {
  if (!isValidTimeZone(schedule.timeZone)) return 'time_zone';
  if (!parseCron(schedule.cron)) return 'cron';
  if (!isoDatePattern.test(schedule.startsOn)) return 'start_date';
  if (schedule.endsOn !== null && schedule.endsOn < schedule.startsOn) return 'end_date';
  if (schedule.limitCount !== null && (!Number.isInteger(schedule.limitCount) || schedule.limitCount < 1)) return 'count';
  return null;
}

/**
 * The next `count` occurrences as UTC instants, strictly increasing, within the schedule's ends
 * (the end date, the number of invoices left). Empty when it has ended or never runs.
 */
export function nextOccurrences(schedule: Schedule, count: number, options: OccurrenceOptions = {}): Date[] {
  const cron = parseCron(effectiveCron(schedule));
  if (!cron || scheduleProblem(schedule) !== null) throw new RangeError('nextOccurrences: invalid schedule');
  const left = schedule.limitCount === null ? count : Math.min(count, schedule.limitCount - (options.generated ?? 0));
  const after = options.after?.getTime() ?? Number.NEGATIVE_INFINITY;
  const notBefore = options.notBefore?.getTime() ?? Number.NEGATIVE_INFINITY;
  const lowest = Math.max(after, notBefore);
  const result: Date[] = [];
  if (left <= 0) return result;

  const start = parseDate(schedule.startsOn);
  let day = Date.UTC(start.year, start.month - 1, start.day);
  if (Number.isFinite(lowest)) {
    // A day early: an instant late on one local day can belong to the previous UTC day.
    const from = dateInTimeZone(new Date(lowest), schedule.timeZone);
    const parsed = parseDate(from);
    day = Math.max(day, Date.UTC(parsed.year, parsed.month - 1, parsed.day) - DAY_MS);
  }
  const end = schedule.endsOn;
  let last = Number.NEGATIVE_INFINITY;
  for (let searched = 0; result.length < left && searched < SEARCH_DAYS; day += DAY_MS) {
    const civil = civilOf(day);
    const date = formatCivil(civil);
    if (end !== null && date > end) break;
    searched += 1;
    if (!runsOnDay(schedule, cron, civil, new Date(day).getUTCDay())) continue;
    for (const hour of cron.hours) {
      for (const minute of cron.minutes) {
        const instant = zonedTimeToUtc(date, hour, minute, schedule.timeZone).getTime();
        // Times inside one gap land on the same instant: that occurrence happens once.
        if (instant <= last || instant <= after || instant < notBefore) continue;
        result.push(new Date(instant));
        last = instant;
        searched = 0;
        if (result.length >= left) return result;
      }
    }
  }
  return result;
}

/** The first occurrence of a schedule, or null when it never runs. */
export function firstOccurrence(schedule: Schedule, options: OccurrenceOptions = {}): Date | null {
  return nextOccurrences(schedule, 1, options)[0] ?? null;
}
