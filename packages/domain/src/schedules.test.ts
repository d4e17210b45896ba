import { describe, expect, it } from 'vitest';
import {
  type Schedule,
  dateInTimeZone,
  effectiveCron,
  firstOccurrence,
  invalidCronFields,
  nextOccurrences,
  parseCron,
  presetCron,
  scheduleProblem,
  zonedTimeToUtc,
} from './schedules';

const schedule = (overrides: Partial<Schedule>): Schedule => ({
  frequency: 'weekly',
  cron: presetCron.weekly,
  timeZone: 'UTC',
  startsOn: '2026-01-01',
  endsOn: null,
  limitCount: null,
  ...overrides,
});
const iso = (dates: Date[]) => dates.map((date) => date.toISOString());

describe('cron fields', () => {
  it('reads stars, numbers, lists, ranges and steps', () => {
    const cron = parseCron('*/15 9-11 1,15 */3 1-5');
    expect(cron?.minutes).toEqual([0, 15, 30, 45]);
    expect(cron?.hours).toEqual([9, 10, 11]);
    expect([...(cron?.daysOfMonth ?? [])]).toEqual([1, 15]);
    expect([...(cron?.months ?? [])]).toEqual([1, 4, 7, 10]);
    expect([...(cron?.daysOfWeek ?? [])]).toEqual([1, 2, 3, 4, 5]);
    expect(parseCron('5/20 * * * *')?.minutes).toEqual([5, 25, 45]);
  });

  it('names the fields that are out of range or malformed', () => {
    expect(invalidCronFields({ minute: '60', hour: '24', day_of_month: '0', month: '13', day_of_week: '7' })).toEqual(['minute', 'hour', 'day_of_month', 'month', 'day_of_week']);
    expect(invalidCronFields({ minute: '*/0', hour: '5-3', day_of_month: 'L', month: '1,,2', day_of_week: 'MON' })).toEqual(['minute', 'hour', 'day_of_month', 'month', 'day_of_week']);
    expect(invalidCronFields({ minute: '0', hour: '0', day_of_month: '31', month: '12', day_of_week: '6' })).toEqual([]);
    expect(parseCron('0 0 * *')).toBeNull();
  });

  it('anchors presets to the start date and keeps their time of day', () => {
    expect(effectiveCron(schedule({ frequency: 'weekly', cron: presetCron.weekly, startsOn: '2026-11-18' }))).toBe('0 0 * * 3');
    expect(effectiveCron(schedule({ frequency: 'monthly', cron: presetCron.monthly, startsOn: '2026-01-31' }))).toBe('0 0 31 * *');
    expect(effectiveCron(schedule({ frequency: 'yearly', cron: presetCron.yearly, startsOn: '2026-03-15' }))).toBe('0 0 15 3 *');
    expect(effectiveCron(schedule({ frequency: 'daily', cron: presetCron.daily, startsOn: '2026-03-15' }))).toBe('0 0 * * *');
    expect(effectiveCron(schedule({ frequency: 'custom', cron: '30 8 * * 1-5' }))).toBe('30 8 * * 1-5');
  });

  it('reports unusable schedules', () => {
    expect(scheduleProblem(schedule({ timeZone: 'Mars/Olympus_Mons' }))).toBe('time_zone');
    expect(scheduleProblem(schedule({ frequency: 'custom', cron: '0 0 32 * *' }))).toBe('cron');
    expect(scheduleProblem(schedule({ endsOn: '2025-12-31' }))).toBe('end_date');
    expect(scheduleProblem(schedule({ limitCount: 0 }))).toBe('count');
    expect(scheduleProblem(schedule({}))).toBeNull();
  });
});

describe('the next five dates of each preset', () => {
  it('yearly started on 15 March runs every 15 March at midnight in the zone', () => {
    const dates = nextOccurrences(schedule({ frequency: 'yearly', cron: presetCron.yearly, startsOn: '2026-03-15', timeZone: 'Europe/Berlin' }), 5);
    expect(iso(dates)).toEqual(['2026-03-14T23:00:00.000Z', '2027-03-14T23:00:00.000Z', '2028-03-14T23:00:00.000Z', '2029-03-14T23:00:00.000Z', '2030-03-14T23:00:00.000Z']);
  });

  it('yearly started on 29 February runs on 28 February in common years', () => {
    const dates = nextOccurrences(schedule({ frequency: 'yearly', cron: presetCron.yearly, startsOn: '2028-02-29' }), 5);
    expect(dates.map((date) => dateInTimeZone(date, 'UTC'))).toEqual(['2028-02-29', '2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29']);
  });

  it('monthly started on the 31st runs on the last day of shorter months', () => {
    const dates = nextOccurrences(schedule({ frequency: 'monthly', cron: presetCron.monthly, startsOn: '2026-01-31', timeZone: 'America/New_York' }), 5);
    expect(dates.map((date) => dateInTimeZone(date, 'America/New_York'))).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
    // Midnight in New York: UTC−5 in winter, UTC−4 from 8 March.
    expect(iso(dates.slice(0, 3))).toEqual(['2026-01-31T05:00:00.000Z', '2026-02-28T05:00:00.000Z', '2026-03-31T04:00:00.000Z']);
  });

  it('weekly started on a Wednesday runs on Wednesdays', () => {
    const dates = nextOccurrences(schedule({ frequency: 'weekly', cron: presetCron.weekly, startsOn: '2026-11-18' }), 5);
    expect(dates.map((date) => dateInTimeZone(date, 'UTC'))).toEqual(['2026-11-18', '2026-11-25', '2026-12-02', '2026-12-09', '2026-12-16']);
  });

  it('daily runs every day from the start date, through a DST week', () => {
    const dates = nextOccurrences(schedule({ frequency: 'daily', cron: presetCron.daily, startsOn: '2026-03-27', timeZone: 'Europe/Berlin' }), 5);
    // Berlin springs forward on 29 March 2026: midnight moves from 23:00Z to 22:00Z.
    expect(iso(dates)).toEqual(['2026-03-26T23:00:00.000Z', '2026-03-27T23:00:00.000Z', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z', '2026-03-30T22:00:00.000Z']);
  });

  it('a custom schedule is taken literally, never before its start date', () => {
    const dates = nextOccurrences(schedule({ frequency: 'custom', cron: '30 9 * * 1,3', startsOn: '2026-11-19', timeZone: 'Australia/Sydney' }), 5);
    expect(dates.map((date) => dateInTimeZone(date, 'Australia/Sydney'))).toEqual(['2026-11-23', '2026-11-25', '2026-11-30', '2026-12-02', '2026-12-07']);
    expect(dates[0]?.toISOString()).toBe('2026-11-22T22:30:00.000Z');
  });

  it('a custom schedule with both day fields runs on either (cron rule)', () => {
    const dates = nextOccurrences(schedule({ frequency: 'custom', cron: '0 12 1 * 5', startsOn: '2026-05-01' }), 5);
    expect(dates.map((date) => dateInTimeZone(date, 'UTC'))).toEqual(['2026-05-01', '2026-05-08', '2026-05-15', '2026-05-22', '2026-05-29']);
  });
});

describe('daylight saving', () => {
  it('a wall time in the spring-forward gap runs at the first valid minute after it', () => {
    expect(zonedTimeToUtc('2026-03-08', 2, 30, 'America/New_York').toISOString()).toBe('2026-03-08T07:00:00.000Z');
    const dates = nextOccurrences(schedule({ frequency: 'custom', cron: '30 2 * * *', startsOn: '2026-03-07', timeZone: 'America/New_York' }), 3);
    expect(iso(dates)).toEqual(['2026-03-07T07:30:00.000Z', '2026-03-08T07:00:00.000Z', '2026-03-09T06:30:00.000Z']);
  });

  it('an ambiguous fall-back time runs once, at its first instant', () => {
    expect(zonedTimeToUtc('2026-11-01', 1, 30, 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
    const dates = nextOccurrences(schedule({ frequency: 'custom', cron: '0,30 1 * * *', startsOn: '2026-11-01', timeZone: 'America/New_York' }), 4);
    expect(iso(dates)).toEqual(['2026-11-01T05:00:00.000Z', '2026-11-01T05:30:00.000Z', '2026-11-02T06:00:00.000Z', '2026-11-02T06:30:00.000Z']);
  });

  it('several times inside one gap happen once', () => {
    const dates = nextOccurrences(schedule({ frequency: 'custom', cron: '0,15,30,45 2 * * *', startsOn: '2026-03-08', timeZone: 'America/New_York' }), 2);
    expect(iso(dates)).toEqual(['2026-03-08T07:00:00.000Z', '2026-03-09T06:00:00.000Z']);
  });

  it('handles Chatham’s 45-minute offsets and the southern hemisphere', () => {
    // Chatham springs forward at 02:45 (UTC+12:45 → +13:45) on 27 September 2026.
    expect(zonedTimeToUtc('2026-09-27', 3, 0, 'Pacific/Chatham').toISOString()).toBe('2026-09-26T14:00:00.000Z');
    // Sydney falls back at 03:00 (UTC+11 → +10) on 5 April 2026; 02:30 happens twice.
    expect(zonedTimeToUtc('2026-04-05', 2, 30, 'Australia/Sydney').toISOString()).toBe('2026-04-04T15:30:00.000Z');
  });
});

describe('ends', () => {
  it('stops on the end date, inclusive', () => {
    const dates = nextOccurrences(schedule({ frequency: 'weekly', startsOn: '2026-11-18', endsOn: '2026-12-02' }), 5);
    expect(dates.map((date) => dateInTimeZone(date, 'UTC'))).toEqual(['2026-11-18', '2026-11-25', '2026-12-02']);
  });

  it('stops after the number of invoices, counting those already made', () => {
    const limited = schedule({ frequency: 'daily', cron: presetCron.daily, limitCount: 3 });
    expect(nextOccurrences(limited, 5)).toHaveLength(3);
    expect(nextOccurrences(limited, 5, { generated: 2 })).toHaveLength(1);
    expect(firstOccurrence(limited, { generated: 3 })).toBeNull();
  });

  it('continues after a given instant and skips what lies before a bound', () => {
    const daily = schedule({ frequency: 'daily', cron: presetCron.daily, startsOn: '2026-01-01' });
    expect(iso(nextOccurrences(daily, 2, { after: new Date('2026-01-05T00:00:00Z') }))).toEqual(['2026-01-06T00:00:00.000Z', '2026-01-07T00:00:00.000Z']);
    expect(iso(nextOccurrences(daily, 1, { notBefore: new Date('2026-01-05T00:00:00Z') }))).toEqual(['2026-01-05T00:00:00.000Z']);
  });

  it('a schedule that can never run has no occurrences', () => {
    expect(nextOccurrences(schedule({ frequency: 'custom', cron: '0 0 30 2 *' }), 1)).toEqual([]);
  });
});
