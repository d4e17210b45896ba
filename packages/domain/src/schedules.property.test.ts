import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Schedule, type ScheduleFrequency, dateInTimeZone, nextOccurrences, presetCron, weekdayOf } from './schedules';

const zones = ['America/New_York', 'Europe/Berlin', 'Australia/Sydney', 'Pacific/Chatham', 'UTC'] as const;

const dateArbitrary = fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2031-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
const presetArbitrary = fc.constantFrom<Exclude<ScheduleFrequency, 'custom'>>('daily', 'weekly', 'monthly', 'yearly');
const customCronArbitrary = fc
  .record({
    minute: fc.constantFrom('0', '30', '*/20', '0,45', '15-17'),
    hour: fc.constantFrom('0', '1', '2', '3', '9-10', '*/6', '23'),
    day_of_month: fc.constantFrom('*', '1', '15', '28-31', '*/10'),
    month: fc.constantFrom('*', '3', '10,11', '*/4'),
    day_of_week: fc.constantFrom('*', '0', '1-5', '6'),
  })
  .map((fields) => `${fields.minute} ${fields.hour} ${fields.day_of_month} ${fields.month} ${fields.day_of_week}`);

const scheduleArbitrary: fc.Arbitrary<Schedule> = fc.oneof(
  fc.record({ frequency: presetArbitrary, timeZone: fc.constantFrom(...zones), startsOn: dateArbitrary }).map((value) => ({ ...value, cron: presetCron[value.frequency], endsOn: null, limitCount: null })),
  fc.record({ cron: customCronArbitrary, timeZone: fc.constantFrom(...zones), startsOn: dateArbitrary }).map((value) => ({ ...value, frequency: 'custom' as const, endsOn: null, limitCount: null })),
);

function wallTime(instant: Date, timeZone: string): { hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', hour: 'numeric', minute: 'numeric' }).formatToParts(instant);
  return { hour: Number(parts.find((part) => part.type === 'hour')?.value), minute: Number(parts.find((part) => part.type === 'minute')?.value) };
}

function daysInMonth(date: string): number {
  const [year, month] = date.split('-').map(Number);
  return new Date(Date.UTC(year ?? 0, month ?? 1, 0)).getUTCDate();
}

describe('schedule properties', () => {
  it('occurrences strictly increase and never fall before the start date', () => {
    fc.assert(
      fc.property(scheduleArbitrary, (schedule) => {
        const dates = nextOccurrences(schedule, 12);
        for (let index = 1; index < dates.length; index += 1) expect(dates[index]?.getTime()).toBeGreaterThan(dates[index - 1]?.getTime() ?? 0);
        for (const date of dates) expect(dateInTimeZone(date, schedule.timeZone) >= schedule.startsOn).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('continuing after any occurrence gives the same sequence (the generator can stop and resume anywhere)', () => {
    fc.assert(
      fc.property(scheduleArbitrary, fc.integer({ min: 1, max: 8 }), (schedule, split) => {
        const all = nextOccurrences(schedule, 10);
        const head = all.slice(0, split);
        const rest = nextOccurrences(schedule, 10 - head.length, { after: head[head.length - 1] ?? null });
        expect([...head, ...rest].map((date) => date.getTime())).toEqual(all.map((date) => date.getTime()));
      }),
      { numRuns: 200 },
    );
  });

  it('presets stay anchored to the start date, the first run on the start date itself', () => {
    fc.assert(
      fc.property(presetArbitrary, fc.constantFrom(...zones), dateArbitrary, (frequency, timeZone, startsOn) => {
        const dates = nextOccurrences({ frequency, cron: presetCron[frequency], timeZone, startsOn, endsOn: null, limitCount: null }, 14).map((date) => dateInTimeZone(date, timeZone));
        expect(dates[0]).toBe(startsOn);
        const startDay = Number(startsOn.slice(8));
        for (const date of dates) {
          if (frequency === 'weekly') expect(weekdayOf(date)).toBe(weekdayOf(startsOn));
          if (frequency === 'monthly' || frequency === 'yearly') expect(Number(date.slice(8))).toBe(Math.min(startDay, daysInMonth(date)));
          if (frequency === 'yearly') expect(date.slice(5, 7)).toBe(startsOn.slice(5, 7));
        }
        if (frequency === 'daily') expect(new Set(dates).size).toBe(dates.length);
      }),
      { numRuns: 300 },
    );
  });

  it('a daily wall time runs exactly once per local day across DST changes, moved only by a gap', () => {
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45), fc.constantFrom('2026-03-01', '2026-03-25', '2026-04-01', '2026-09-20', '2026-10-20', '2026-10-30'), (timeZone, hour, minute, startsOn) => {
        const dates = nextOccurrences({ frequency: 'custom', cron: `${minute} ${hour} * * *`, timeZone, startsOn, endsOn: null, limitCount: null }, 21);
        const days = dates.map((date) => dateInTimeZone(date, timeZone));
        expect(new Set(days).size).toBe(dates.length);
        for (const date of dates) {
          const wall = wallTime(date, timeZone);
          const wanted = hour * 60 + minute;
          const actual = wall.hour * 60 + wall.minute;
          // Only a spring-forward gap (at most an hour) moves the time, and only later.
          if (actual !== wanted) {
            expect(actual).toBeGreaterThan(wanted);
            expect(actual - wanted).toBeLessThanOrEqual(60);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
