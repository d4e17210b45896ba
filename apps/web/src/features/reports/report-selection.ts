import { type ReportBasis, type ReportKind, type ReportRangePreset, reportBases, reportKinds, reportRangePresets } from '@app/contracts';

/** What the page shows, kept in the URL so a report can be bookmarked and shared. */
export type ReportSelection = { report: ReportKind; range: ReportRangePreset; basis: ReportBasis; from: string; to: string };

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T => values.find((candidate) => candidate === value) ?? fallback;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateOr = (value: string | null) => (value && ISO_DATE.test(value) ? value : '');

export function readSelection(params: URLSearchParams): ReportSelection {
  return {
    report: oneOf(reportKinds, params.get('report'), 'profit_and_loss'),
    range: oneOf(reportRangePresets, params.get('range'), 'this_month'),
    basis: oneOf(reportBases, params.get('basis'), 'accrual'),
    from: dateOr(params.get('from')),
    to: dateOr(params.get('to')),
  };
}

export function writeSelection(selection: ReportSelection): URLSearchParams {
  const params = new URLSearchParams({ report: selection.report, range: selection.range, basis: selection.basis });
  if (selection.range === 'custom') {
    if (selection.from) params.set('from', selection.from);
    if (selection.to) params.set('to', selection.to);
  }
  return params;
}

/** A custom range asks the server only once both ends are there, in order. */
export function isComplete(selection: ReportSelection): boolean {
  return selection.range !== 'custom' || (selection.from !== '' && selection.to !== '' && selection.from <= selection.to);
}
