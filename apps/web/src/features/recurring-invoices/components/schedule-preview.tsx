import { useId } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type RecurringFormValues, previewRuns, scheduleOfValues } from '../recurring-form-values';
import { NextDates } from './next-dates';

const PREVIEW_COUNT = 5;

/** The next five dates of the schedule as typed, by the same rules as the server's generator. */
export function SchedulePreview() {
  const { t } = useTranslation();
  const titleId = useId();
  const { control } = useFormContext<RecurringFormValues>();
  const [repeatInterval, minute, hour, dayOfMonth, month, weekDay, startDate, ends, endDate, count, timezone] = useWatch({
    control,
    name: ['repeat_interval', 'minute', 'hour', 'day_of_month', 'month', 'week_day', 'start_date', 'ends', 'end_date', 'count', 'timezone'],
  });
  const schedule = scheduleOfValues({
    repeat_interval: repeatInterval,
    minute,
    hour,
    day_of_month: dayOfMonth,
    month,
    week_day: weekDay,
    start_date: startDate,
    ends,
    end_date: endDate,
    count,
    timezone,
  });

  return (
    <Stack gap="xs" aria-live="polite">
      <Title order={3} fz="h5" id={titleId}>
        {t('recurring_invoices.next_dates.title')}
      </Title>
      {schedule ? (
        <NextDates runs={previewRuns(schedule, new Date(), PREVIEW_COUNT)} labelledBy={titleId} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('recurring_invoices.next_dates.incomplete')}
        </Text>
      )}
    </Stack>
  );
}
