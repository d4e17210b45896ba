import { Suspense, lazy, useState } from 'react';
import { Button, Card, Group, NativeSelect, SegmentedControl, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type ReportFormat, reportFormats, reportKinds, reportRangePresets } from '@app/contracts';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { UnconvertedNotice } from '../../../components/unconverted-notice';
import { formatDocumentMoney } from '../../../lib/money';
import { notifyError } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { ReportTable } from '../components/report-table';
import { type ReportSelection, isComplete, readSelection, writeSelection } from '../report-selection';
import { fetchReportFile, reportFileName, useReport } from '../reports-queries';

const ReportChart = lazy(() => import('../components/report-chart').then((m) => ({ default: m.ReportChart })));

/**
 * Reports (spec section 2): profit and loss, sales by customer and by item, taxes, for a period
 * and a basis; a table, a chart, and the same figures as PDF, CSV or XLSX. The choice lives in the URL.
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const selection = readSelection(params);
  const complete = isComplete(selection);
  const report = useReport(selection, complete);
  const [downloading, setDownloading] = useState<ReportFormat | null>(null);
  const money = (minor: number) => formatDocumentMoney(minor, report.data?.currency_id ?? 1);
  const change = (patch: Partial<ReportSelection>) => setParams(writeSelection({ ...selection, ...patch }), { replace: true });

  async function download(format: ReportFormat) {
    setDownloading(format);
    try {
      const blob = await fetchReportFile(selection, format);
      saveFile(blob, reportFileName(selection.report, report.data?.from ?? selection.from, report.data?.to ?? selection.to, format));
    } catch (error) {
      notifyError(error);
    } finally {
      setDownloading(null);
    }
  }

  const data = report.data;
  const isEmpty = data !== undefined && data.rows.every((row) => row.values.every((value) => value === 0));

  return (
    <>
      <PageHeader title={t('reports.title')} description={t('reports.description')} />
      <Tabs value={selection.report} onChange={(value) => change({ report: reportKinds.find((kind) => kind === value) ?? selection.report })}>
        <Tabs.List mb="md">
          {reportKinds.map((kind) => (
            <Tabs.Tab key={kind} value={kind}>
              {t(`reports.kinds.${kind}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Stack gap="md">
        <Group align="flex-end" wrap="wrap">
          <NativeSelect
            label={t('reports.range')}
            value={selection.range}
            data={reportRangePresets.map((preset) => ({ value: preset, label: t(`reports.ranges.${preset}`) }))}
            onChange={(event) => change({ range: reportRangePresets.find((preset) => preset === event.currentTarget.value) ?? selection.range })}
          />
          {selection.range === 'custom' && (
            <>
              <TextInput type="date" label={t('reports.from')} value={selection.from} onChange={(event) => change({ from: event.currentTarget.value })} />
              <TextInput
                type="date"
                label={t('reports.to')}
                value={selection.to}
                onChange={(event) => change({ to: event.currentTarget.value })}
                error={selection.from && selection.to && selection.to < selection.from ? t('reports.to_before_from') : undefined}
              />
            </>
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500} id="report-basis">
              {t('reports.basis')}
            </Text>
            <SegmentedControl
              aria-labelledby="report-basis"
              value={selection.basis}
              data={[
                { value: 'accrual', label: t('reports.bases.accrual') },
                { value: 'cash', label: t('reports.bases.cash') },
              ]}
              onChange={(value) => change({ basis: value === 'cash' ? 'cash' : 'accrual' })}
            />
          </Stack>
          <Group gap="xs" ml="auto">
            {reportFormats.map((format) => (
              <Button key={format} variant="default" loading={downloading === format} disabled={!complete || !data} onClick={() => void download(format)}>
                {t(`reports.download.${format}`)}
              </Button>
            ))}
          </Group>
        </Group>
        {!complete ? (
          <Text c="dimmed">{t('reports.pick_dates')}</Text>
        ) : (
          <QueryState isPending={report.isPending} error={report.error} onRetry={() => void report.refetch()}>
            {data && (
              <Stack gap="md">
                <Text size="sm" c="dimmed">
                  {t('reports.period', { from: data.from, to: data.to, basis: t(`reports.bases.${data.basis}`) })}
                </Text>
                <UnconvertedNotice currencyIds={data.unconverted_currency_ids} />
                {isEmpty ? (
                  <Text>{t('reports.empty')}</Text>
                ) : (
                  <Card withBorder radius="md" padding="lg">
                    <Suspense fallback={null}>
                      <ReportChart report={data} seriesLabel={t(`reports.columns.${data.columns[0] ?? 'amount'}`)} formatMoney={money} />
                    </Suspense>
                  </Card>
                )}
                <ReportTable report={data} formatMoney={money} caption={t(`reports.kinds.${data.report}`)} />
              </Stack>
            )}
          </QueryState>
        )}
      </Stack>
    </>
  );
}
