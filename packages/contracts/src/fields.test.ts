import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index';
import {
  INT4_MAX,
  MAX_MINOR_UNITS,
  REQUEST_BODY_LIMIT_BYTES,
  UPLOAD_FILE_LIMIT_BYTES,
  businessSettingsSchema,
  coercedInteger,
  exchangeRateParamsSchema,
  formatMessage,
  integer,
  invoiceRequestSchema,
  isoDateSchema,
  itemFormSchema,
  listOf,
  messages,
  priceSchema,
  quantitySchema,
  storableTextCheck,
  text,
  updateBusinessSettingsRequestSchema,
} from './index';

/** Exported schemas that describe answers (never parsed from a client), besides *Resource/*Response/*ListItem/*Summary. */
const RESPONSE_SCHEMAS = new Set([
  'adminBusinessDetailSchema',
  'adminBusinessMemberSchema',
  'apiLogDetailSchema',
  'approvedInvoiceAmountSchema',
  'auditChangeSchema',
  'bankLinkTokenSchema',
  'bnplLoanOfferSchema',
  'businessOnboardingInfoSchema',
  'cappedListMetaSchema',
  'cardPaymentOptionsSchema',
  'cardPaymentSchema',
  'confirmedClaimSchema',
  'confirmedPasswordStatusSchema',
  'countrySchema',
  'currencySchema',
  'dashboardChartsSchema',
  'dashboardMonthSchema',
  'dashboardRecentEstimateSchema',
  'dashboardRecentInvoiceSchema',
  'dashboardStatsSchema',
  'documentEmailPreviewSchema',
  'documentPartySchema',
  'estimateDepositPaymentSchema',
  'estimateDepositSchema',
  'factoringLoanInfoSchema',
  'financedInvoiceSchema',
  'financialYearSchema',
  'globalSettingsSchema',
  'inAppPaymentSchema',
  'invitationInfoSchema',
  'invoiceReminderDeliverySchema',
  'invoiceStatsSchema',
  'itemTaxSchema',
  'listMetaSchema',
  'loanScheduleItemSchema',
  'loanStatsSchema',
  'menuItemSchema',
  'outgoingEventDeliverySchema',
  'outgoingEventDetailSchema',
  'outstandingBalanceSchema',
  'paymentClaimSchema',
  'paymentClaimStateSchema',
  'paymentInvoiceSchema',
  'paymentMovementSchema',
  'paymentProcessingSchema',
  'payoutAccountStateSchema',
  'payoutOnboardingLinkSchema',
  'payoutOnboardingSchema',
  'payoutStepSchema',
  'pdfTemplateSchema',
  'providerEventDetailSchema',
  'publicDocumentPaymentSchema',
  'publicDocumentSchema',
  'publicEstimateDepositSchema',
  'publicPaymentSchema',
  'recurringGeneratedInvoiceSchema',
  'searchHitSchema',
  'statementLineSchema',
  'statementSchema',
  'teamUserListMetaSchema',
  'tenantBrandingSchema',
  'tenantBusinessSchema',
  'tenantPublicConfigSchema',
  'webhookCounterpartySchema',
  'webhookEnvelopeSchema',
  'webhookEstimateSchema',
  'webhookInvoiceSchema',
  'webhookLoanSchema',
  'webhookLogDetailSchema',
  'webhookPaymentSchema',
  'webhookPayoutAccountSchema',
]);
const RESPONSE_NAME = /(Resource|Response|ListItem|Summary)Schema$/;

type Finding = { schema: string; path: string; problem: string };

/** A union that also takes text parses numbers as decimal text (rates, quantities, discounts): its bounds are the text's. */
function acceptsText(option: z.core.$ZodType): boolean {
  return option instanceof z.ZodString || (option instanceof z.ZodPipe && option.in instanceof z.ZodString);
}

/** The explicit maximum of a number schema (a `less_than` check), not the safe-integer bound `.int()` implies. */
function explicitMaximum(node: z.ZodNumber): number | null {
  const maxima = (node._zod.def.checks ?? []).flatMap((check) => (check instanceof z.core.$ZodCheckLessThan ? [Number(check._zod.def.value)] : []));
  return maxima.length > 0 ? Math.min(...maxima) : null;
}

/**
 * Every string and number a request schema can reach: strings must carry the storable-text check
 * (so NUL is refused with its message); integers must have a maximum an int4 column holds, or
 * exactly the minor-units bound of the bigint money columns.
 */
function walk(schema: string, node: z.core.$ZodType, path: string, findings: Finding[], seen: Set<z.core.$ZodType>, inTextUnion = false): void {
  if (seen.has(node)) return;
  seen.add(node);
  const here = (child: string) => (path ? `${path}.${child}` : child);
  if (node instanceof z.ZodString) {
    if (!(node._zod.def.checks ?? []).some((check) => check === storableTextCheck)) findings.push({ schema, path, problem: 'string without the storable-text check (use text())' });
    const nul = node.safeParse('a\u0000b');
    if (nul.success || nul.error.issues[0]?.message !== messages.unstorableText) findings.push({ schema, path, problem: 'NUL is not refused with its message' });
  } else if (node instanceof z.ZodNumber) {
    const maximum = explicitMaximum(node);
    if (node.isInt && (maximum === null || (maximum > INT4_MAX && maximum !== MAX_MINOR_UNITS))) findings.push({ schema, path, problem: `integer without a maximum an int4 column holds (found ${maximum})` });
    if (!node.isInt && !inTextUnion) findings.push({ schema, path, problem: 'a non-integer number outside a decimal-text union' });
  } else if (node instanceof z.ZodObject) {
    for (const [key, child] of Object.entries(node.shape)) walk(schema, child, here(key), findings, seen);
  } else if (node instanceof z.ZodOptional || node instanceof z.ZodNullable) {
    walk(schema, node.unwrap(), path, findings, seen, inTextUnion);
  } else if (node instanceof z.ZodDefault || node instanceof z.ZodPrefault || node instanceof z.ZodCatch || node instanceof z.ZodReadonly || node instanceof z.ZodNonOptional) {
    walk(schema, node._zod.def.innerType, path, findings, seen, inTextUnion);
  } else if (node instanceof z.ZodPipe) {
    walk(schema, node.in, path, findings, seen, inTextUnion);
    walk(schema, node.out, path, findings, seen, inTextUnion);
  } else if (node instanceof z.ZodUnion) {
    const textUnion = node.options.some(acceptsText);
    for (const option of node.options) walk(schema, option, path, findings, seen, textUnion);
  } else if (node instanceof z.ZodArray) {
    walk(schema, node.element, here('0'), findings, seen);
  } else if (node instanceof z.ZodRecord) {
    walk(schema, node.keyType, here('<key>'), findings, seen);
    walk(schema, node.valueType, here('<value>'), findings, seen);
  } else if (node instanceof z.ZodIntersection) {
    walk(schema, node._zod.def.left, path, findings, seen);
    walk(schema, node._zod.def.right, path, findings, seen);
  } else if (
    !(node instanceof z.ZodTransform || node instanceof z.ZodEnum || node instanceof z.ZodLiteral || node instanceof z.ZodBoolean || node instanceof z.ZodUnknown)
  ) {
    findings.push({ schema, path, problem: `the walk does not know ${node.constructor.name}: teach it before using it in a request` });
  }
}

function requestSchemas(): [string, z.ZodType][] {
  const exported = Object.entries(contracts).flatMap(([name, value]): [string, z.ZodType][] => (value instanceof z.ZodType ? [[name, value]] : []));
  const requests = exported.filter(([name]) => name !== 'storableTextCheck' && !RESPONSE_NAME.test(name) && !RESPONSE_SCHEMAS.has(name));
  return [...requests, ['itemFormSchema(2)', itemFormSchema(2)]];
}

describe('request schemas', () => {
  it('are all walked: every string refuses NUL, every integer has a maximum', () => {
    const schemas = requestSchemas();
    expect(schemas.length).toBeGreaterThan(80);
    const findings: Finding[] = [];
    for (const [name, schema] of schemas) walk(name, schema, '', findings, new Set());
    expect(findings.map((f) => `${f.schema} ${f.path}: ${f.problem}`)).toEqual([]);
  });

  it('the walk finds what it is meant to find', () => {
    const findings: Finding[] = [];
    walk('probe', z.object({ raw: z.string(), id: z.coerce.number().int(), big: z.number().int().max(INT4_MAX + 1), ok: text(), n: integer() }), '', findings, new Set());
    expect(findings.map((finding) => `${finding.path}: ${finding.problem.split(' (')[0]}`)).toEqual([
      'raw: string without the storable-text check',
      'raw: NUL is not refused with its message',
      'id: integer without a maximum an int4 column holds',
      'big: integer without a maximum an int4 column holds',
    ]);
  });
});

describe('text', () => {
  it('refuses NUL and unpaired surrogates with a field message, and keeps any other text', () => {
    const schema = text().trim().max(255, messages.maxLength255);
    expect(schema.safeParse('Café 😀 שלום عربى 中文\t\n').success).toBe(true);
    for (const bad of ['\u0000', 'a\u0000', '\ud800', 'x\udc00y', '😀'.slice(0, 1)]) {
      const result = schema.safeParse(bad);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([messages.unstorableText]);
    }
  });

  it('says which setting carries a NUL', () => {
    const result = updateBusinessSettingsRequestSchema.safeParse({ settings: { invoice_email_subject: 'Invoice\u0000' } });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['settings.invoice_email_subject', messages.unstorableText]]);
  });
});

describe('isoDateSchema', () => {
  const dateError = (value: string) => isoDateSchema.safeParse(value).error?.issues[0]?.message;
  const outOfRange = formatMessage(messages.dateOutOfRange, { from: '1900-01-01', to: '2999-12-31' });

  it('takes real days, leap days included', () => {
    for (const day of ['2026-01-31', '2024-02-29', '2000-02-29', '1900-01-01', '2999-12-31', ' 2026-03-01 ']) expect(isoDateSchema.safeParse(day).success).toBe(true);
  });

  it('refuses impossible days instead of rolling them over', () => {
    for (const day of ['2026-02-30', '2023-02-29', '1900-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '0000-00-00', '2026-1-5', '26-01-05', '2026-01-05T00:00:00Z']) {
      expect(dateError(day)).toBe(messages.invalidDate);
    }
    expect(dateError('')).toBe(messages.required);
  });

  it('keeps years to 1900..2999', () => {
    expect(dateError('1899-12-31')).toBe(outOfRange);
    expect(dateError('3000-01-01')).toBe(outOfRange);
    expect(dateError('0001-01-01')).toBe(outOfRange);
  });
});

describe('integers', () => {
  it('stop at what an int4 column holds, saying the range', () => {
    const id = exchangeRateParamsSchema.shape.currency_id;
    expect(id.parse('2147483647')).toBe(INT4_MAX);
    const range = formatMessage(messages.integerRange, { min: '1', max: String(INT4_MAX) });
    for (const bad of ['2147483648', '99999999999999999999999', '0', '-1', '1.5', 'abc', '1e400']) expect(id.safeParse(bad).error?.issues[0]?.message).toBe(range);
  });

  it('take their own bounds and message', () => {
    expect(integer({ min: 1, max: 90, message: 'days' }).safeParse(91).error?.issues[0]?.message).toBe('days');
    expect(integer().safeParse(undefined).error?.issues[0]?.message).toBe(messages.required);
    expect(coercedInteger({ max: 10 }).safeParse('11').error?.issues[0]?.message).toBe(formatMessage(messages.integerRange, { min: '0', max: '10' }));
  });
});

describe('money amounts', () => {
  it('stop at the safe-integer bound of the bigint columns, with their messages', () => {
    const priceError = (value: unknown) => priceSchema.safeParse(value).error?.issues[0]?.message;
    expect(priceSchema.parse(MAX_MINOR_UNITS)).toBe(MAX_MINOR_UNITS);
    expect(priceSchema.parse(String(MAX_MINOR_UNITS))).toBe(MAX_MINOR_UNITS);
    expect(priceError(MAX_MINOR_UNITS + 1)).toBe(messages.priceTooLarge);
    expect(priceError('9007199254740992')).toBe(messages.priceTooLarge);
    expect(priceError('1'.repeat(21))).toBe(messages.priceTooManyDigits);
    expect(priceError(1.5)).toBe(messages.invalidPrice);
    expect(priceError('1\u0000')).toBe(messages.invalidPrice);
    expect(priceError('')).toBe(messages.required);
    expect(priceError(undefined)).toBe(messages.required);
  });
});

describe('lists', () => {
  it('say their maximum instead of "Field is required"', () => {
    expect(listOf(text(), { max: 2 }).safeParse(['a', 'b', 'c']).error?.issues[0]?.message).toBe(formatMessage(messages.tooManyItems, { max: '2' }));
    expect(listOf(text(), { min: 1, max: 2 }).safeParse([]).error?.issues[0]?.message).toBe(messages.required);
    expect(listOf(text(), { max: 2 }).safeParse(undefined).error?.issues[0]?.message).toBe(messages.required);
    expect(listOf(text(), { max: 2 }).safeParse('a').error?.issues[0]?.message).toBe(messages.invalidList);
  });

  it('refuses 10,000 invoice lines by saying a document has at most 500', () => {
    const line = { name: 'Line', quantity: '1', price: 100 };
    const result = invoiceRequestSchema.safeParse({ customer_id: '7f1c3c1e-9a52-4c1e-8d0e-2b3a4c5d6e7f', invoice_date: '2026-01-05', items: Array.from({ length: 10_000 }, () => line) });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['items', formatMessage(messages.tooManyDocumentLines, { max: '500' })]]);
  });
});

describe('quantities', () => {
  const quantityError = (value: unknown) => quantitySchema.safeParse(value).error?.issues[0]?.message;

  it('say how many decimals they may have', () => {
    expect(quantityError('0.33333')).toBe('The quantity may have at most 4 decimals.');
    expect(quantityError(0.33333)).toBe('The quantity may have at most 4 decimals.');
    expect(quantitySchema.parse('0.3333')).toBe('0.3333');
  });

  it('keep "greater than 0" for zero and negatives, and name anything else invalid', () => {
    for (const value of ['0', '0.0000', '-1', -2, 0]) expect(quantityError(value)).toBe(messages.quantityGreaterThanZero);
    for (const value of ['abc', '1e5', '1,5', true]) expect(quantityError(value)).toBe(messages.invalidQuantity);
    expect(quantityError('12345678901234567')).toBe('The quantity may have at most 16 digits before the decimal point.');
  });
});

describe('business settings', () => {
  const settingError = (settings: Record<string, unknown>) => businessSettingsSchema.safeParse(settings).error?.issues[0]?.message;

  it('refuse what no reader can use', () => {
    expect(settingError({ time_zone: '' })).toBe(messages.invalidTimeZone);
    expect(settingError({ time_zone: 'Mars/Olympus' })).toBe(messages.invalidTimeZone);
    expect(settingError({ language: 'xx' })).toBe(messages.invalidLanguage);
    expect(settingError({ date_format: 'Y-d' })).toBe(messages.invalidDateFormat);
    expect(settingError({ fiscal_year: '4-4' })).toBe(messages.invalidFiscalYear);
    expect(settingError({ link_expiry_days: 0 })).toBe(formatMessage(messages.integerRange, { min: '1', max: '365' }));
    expect(businessSettingsSchema.safeParse({ time_zone: 'Asia/Kolkata', language: 'en', date_format: 'Y-m-d', fiscal_year: '4-3', invoice_due_date_days: '15' }).success).toBe(true);
  });
});

describe('body limits', () => {
  it('are stated as they are configured', () => {
    expect(messages.requestBodyTooLarge).toContain(`${REQUEST_BODY_LIMIT_BYTES / 1024 / 1024} MB`);
    expect(messages.uploadBodyTooLarge).toContain(`${UPLOAD_FILE_LIMIT_BYTES / 1024 / 1024} MB`);
  });
});
