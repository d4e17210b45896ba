import { type ReportBasis, type ReportDownloadQuery, type ReportKind, type ReportQuery, type ReportResponse, type ReportRow, reportColumns, reportDownloadQuerySchema, reportQuerySchema } from '@app/contracts';
import { type ConvertedTotal, type CurrencyConverter, type RateSource, reportPeriod, todayInTimeZone } from '@app/domain';
import type { businesses } from '../../db/schema';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import type { BusinessScope } from '../../platform/business-scope';
import { businessSettingsOf } from '../businesses/businesses.service';
import { converterInto } from '../exchange-rates/exchange-rates.service';
import { type ReportFile, renderReportFile } from './report-files';
import * as repo from './reports.repository';

/** The selected business as the request's authentication read it: its currency and stored settings. */
export type ReportBusiness = Pick<typeof businesses.$inferSelect, 'currencyId' | 'settings'>;

/**
 * Invoices addressed to the business carry their issuer's rate, not its own: purchases convert at
 * the business's current rate, like the dashboard's; a BNPL fee is on such an invoice too.
 */
const rateSourceOf = (sum: repo.ReportSum): RateSource => (sum.side === 'purchase' && sum.product !== 'factoring' ? 'current' : 'stored');

/** Sums converted into one figure per group, each rounded once. */
class Figures {
  private readonly totals = new Map<string, ConvertedTotal>();

  constructor(private readonly conversion: CurrencyConverter) {}

  add(key: string, sum: repo.ReportSum): void {
    let total = this.totals.get(key);
    if (!total) {
      total = this.conversion.total();
      this.totals.set(key, total);
    }
    this.conversion.add(total, { currencyId: sum.currency_id, amount: sum.amount, atRate: sum.at_rate }, rateSourceOf(sum));
  }

  get(key: string): number {
    return Number(this.totals.get(key)?.minorUnits() ?? 0n);
  }
}

const line = (label: string, values: number[]): ReportRow => ({ key: null, label, kind: 'line', values });
const byLabel = (a: ReportRow, b: ReportRow) => a.label.localeCompare(b.label);

function sumColumns(rows: readonly ReportRow[], width: number): number[] {
  return Array.from({ length: width }, (_, index) => rows.reduce((sum, row) => sum + (row.values[index] ?? 0), 0));
}

/** The one builder of each report's rows from its sums: the screen, CSV, XLSX and PDF all show these. */
function reportRows(report: ReportKind, sums: readonly repo.ReportSum[], conversion: CurrencyConverter): ReportRow[] {
  const figures = new Figures(conversion);
  // A group is one side's customer, item or tax; its first sum names it.
  const groups = new Map<string, repo.ReportSum>();
  for (const sum of sums) {
    const group = JSON.stringify([sum.side, sum.group_id, sum.label, sum.percent]);
    if (!groups.has(group)) groups.set(group, sum);
    figures.add(`${group}|${sum.kind}`, sum);
  }
  const of = (group: string, kind: repo.ReportSum['kind']) => figures.get(`${group}|${kind}`);
  const totalOf = (side: repo.ReportSum['side'], kind: repo.ReportSum['kind']) => of(JSON.stringify([side, null, null, null]), kind);
  switch (report) {
    case 'profit_and_loss': {
      const sales = totalOf('sale', 'line');
      const purchases = totalOf('purchase', 'line');
      const fees = totalOf('purchase', 'fee');
      return [
        { key: 'sales', label: '', kind: 'line', values: [sales] },
        { key: 'purchases', label: '', kind: 'line', values: [purchases] },
        { key: 'gross_profit', label: '', kind: 'subtotal', values: [sales - purchases] },
        { key: 'financing_fees', label: '', kind: 'line', values: [fees] },
        { key: 'net_profit', label: '', kind: 'total', values: [sales - purchases - fees] },
      ];
    }
    case 'sales_by_customer': {
      const rows = [...groups].map(([group, sum]) => line(sum.label ?? '', [of(group, 'line'), of(group, 'tax'), of(group, 'line') + of(group, 'tax')])).sort(byLabel);
      return [...rows, { key: 'total', label: '', kind: 'total', values: sumColumns(rows, 3) }];
    }
    case 'sales_by_item': {
      const rows = [...groups].map(([group, sum]) => line(sum.label ?? '', [of(group, 'line')])).sort(byLabel);
      return [...rows, { key: 'total', label: '', kind: 'total', values: sumColumns(rows, 1) }];
    }
    case 'taxes': {
      // One row per tax name and rate, whichever side(s) it was charged on.
      const rates = new Map<string, { label: string; collected: number; paid: number }>();
      for (const [group, sum] of groups) {
        const name = `${sum.label ?? ''} (${Number(sum.percent)}%)`;
        const rate = rates.get(name) ?? { label: name, collected: 0, paid: 0 };
        if (sum.side === 'sale') rate.collected += of(group, 'tax');
        else rate.paid += of(group, 'tax');
        rates.set(name, rate);
      }
      const rows = [...rates.values()].map((rate) => line(rate.label, [rate.collected, rate.paid, rate.collected - rate.paid])).sort(byLabel);
      return [...rows, { key: 'total', label: '', kind: 'total', values: sumColumns(rows, 3) }];
    }
  }
}

/** Reports (view-report): profit and loss, sales by customer and by item, taxes; docs/reports.md. */
export function createReportService(app: AppContext) {
  async function build(scope: BusinessScope, business: ReportBusiness, report: ReportKind, query: { range: ReportResponse['range']; from?: string | undefined; to?: string | undefined; basis: ReportBasis }): Promise<ReportResponse> {
    const settings = businessSettingsOf(scope.businessId, business.settings);
    const today = todayInTimeZone(app.clock.now(), settings.time_zone);
    const period = query.range === 'custom' ? { from: query.from ?? today, to: query.to ?? today } : reportPeriod(query.range, today, settings.fiscal_year);
    return inTenant(app.db, scope.tenantId, async (tx) => {
      const conversion = await converterInto(tx, scope, business.currencyId);
      const sums = await repo.reportSums(tx, scope, report, { ...period, timeZone: settings.time_zone, basis: query.basis });
      const rows = reportRows(report, sums, conversion);
      return {
        report,
        basis: query.basis,
        range: query.range,
        ...period,
        currency_id: conversion.currencyId,
        unconverted_currency_ids: conversion.unconvertedIds(),
        columns: [...reportColumns[report]],
        rows,
      };
    });
  }

  return {
    async report(scope: BusinessScope, business: ReportBusiness, report: ReportKind, input: ReportQuery): Promise<ReportResponse> {
      return build(scope, business, report, reportQuerySchema.parse(input));
    },

    async download(scope: BusinessScope, business: ReportBusiness, report: ReportKind, input: ReportDownloadQuery): Promise<ReportFile> {
      const query = reportDownloadQuerySchema.parse(input);
      return renderReportFile(await build(scope, business, report, query), query.format);
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
