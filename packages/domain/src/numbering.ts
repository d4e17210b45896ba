/**
 * Document number formats (spec: settings → customization, Numbering). A format is a string of
 * components such as `{{SERIES:INV}}{{DELIMITER:-}}{{DATE_FORMAT:Y}}{{DELIMITER:-}}{{SEQUENCE:6}}`.
 */
export type DateFormatToken = 'Y' | 'y' | 'm' | 'Ym' | 'Y-m';
export type NumberComponent =
  | { kind: 'SERIES'; value: string }
  | { kind: 'DELIMITER'; value: string }
  | { kind: 'DATE_FORMAT'; value: DateFormatToken }
  | { kind: 'SEQUENCE'; length: number }
  | { kind: 'CUSTOMER_SEQUENCE'; length: number }
  | { kind: 'RANDOM_SEQUENCE'; length: number };
export type NumberComponentKind = NumberComponent['kind'];
export type SequenceKind = 'SEQUENCE' | 'CUSTOMER_SEQUENCE' | 'RANDOM_SEQUENCE';

export const numberComponentKinds = ['SERIES', 'DELIMITER', 'DATE_FORMAT', 'SEQUENCE', 'CUSTOMER_SEQUENCE', 'RANDOM_SEQUENCE'] as const;
export const dateFormatTokens: readonly DateFormatToken[] = ['Y', 'y', 'm', 'Ym', 'Y-m'];
export const sequenceKinds: readonly SequenceKind[] = ['SEQUENCE', 'CUSTOMER_SEQUENCE', 'RANDOM_SEQUENCE'];

export const numberingLimits = {
  seriesMaxLength: 6,
  sequenceMaxLength: 12,
  randomMinLength: 4,
} as const;

export const numberingMessages = {
  seriesTooLong: 'Series can have at most 6 characters.',
  seriesRequired: 'Series must have at least one character.',
  seriesCharacters: 'Series can contain only letters and digits.',
  delimiterLength: 'Delimiter must be a single character.',
  delimiterCharacter: 'Delimiter cannot be a letter, a digit or a brace.',
  lengthTooSmall: 'Number length must be greater than 0.',
  lengthTooLarge: 'Number length can be at most 12.',
  randomTooShort: 'A random sequence needs at least 4 digits.',
  sequenceRequired: 'Add a sequence, customer sequence or random sequence.',
  sequenceRepeated: 'Each kind of sequence can be used only once.',
  malformed: 'The number format is not valid.',
} as const;

export const defaultNumberFormats = {
  invoice: '{{SERIES:INV}}{{DELIMITER:-}}{{SEQUENCE:6}}',
  estimate: '{{SERIES:EST}}{{DELIMITER:-}}{{SEQUENCE:6}}',
  payment: '{{SERIES:PAY}}{{DELIMITER:-}}{{SEQUENCE:6}}',
} as const satisfies { invoice: string; estimate: string; payment: string };

/**
 * Recurring invoices' own numbers ('RI-000001'): one fixed format, one sequence per business that
 * never resets yearly. Not in defaultNumberFormats, which lists the formats a business can change.
 */
export const recurringInvoiceNumberFormat = '{{SERIES:RI}}{{DELIMITER:-}}{{SEQUENCE:6}}';

const componentPattern = /\{\{([A-Z_]+):([^{}]*)\}\}/y;
const lengthPattern = /^\d{1,3}$/;

function isDateFormatToken(value: string): value is DateFormatToken {
  return (dateFormatTokens as readonly string[]).includes(value);
}

function isSequenceKind(kind: NumberComponentKind): kind is SequenceKind {
  return (sequenceKinds as readonly string[]).includes(kind);
}

function parseComponent(kind: string, value: string): NumberComponent | null {
  switch (kind) {
    case 'SERIES':
    case 'DELIMITER':
      return { kind, value };
    case 'DATE_FORMAT':
      return isDateFormatToken(value) ? { kind, value } : null;
    case 'SEQUENCE':
    case 'CUSTOMER_SEQUENCE':
    case 'RANDOM_SEQUENCE':
      return lengthPattern.test(value) ? { kind, length: Number(value) } : null;
    default:
      return null;
  }
}

/**
 * Reads the structure of a format string (known components, numeric lengths, known date formats).
 * The content rules (series length, delimiter, length ranges, one sequence) are checked by
 * validateNumberComponents, so a form can show them on the right component.
 */
export function parseNumberFormat(format: string): { ok: true; components: NumberComponent[] } | { ok: false; message: string } {
  const components: NumberComponent[] = [];
  const pattern = new RegExp(componentPattern.source, 'y');
  while (pattern.lastIndex < format.length) {
    const match = pattern.exec(format);
    const component = match ? parseComponent(match[1] ?? '', match[2] ?? '') : null;
    if (!component) return { ok: false, message: numberingMessages.malformed };
    components.push(component);
  }
  if (components.length === 0) return { ok: false, message: numberingMessages.malformed };
  return { ok: true, components };
}

export function serializeNumberFormat(components: NumberComponent[]): string {
  return components.map((component) => `{{${component.kind}:${'value' in component ? component.value : component.length}}}`).join('');
}

function validateLength(component: { kind: SequenceKind; length: number }, path: string): { path: string; message: string }[] {
  if (!Number.isInteger(component.length) || component.length < 1) return [{ path, message: numberingMessages.lengthTooSmall }];
  if (component.length > numberingLimits.sequenceMaxLength) return [{ path, message: numberingMessages.lengthTooLarge }];
  if (component.kind === 'RANDOM_SEQUENCE' && component.length < numberingLimits.randomMinLength) return [{ path, message: numberingMessages.randomTooShort }];
  return [];
}

function validateComponent(component: NumberComponent, index: number): { path: string; message: string }[] {
  switch (component.kind) {
    case 'SERIES': {
      const path = `components.${index}.value`;
      if (component.value.length === 0) return [{ path, message: numberingMessages.seriesRequired }];
      if (component.value.length > numberingLimits.seriesMaxLength) return [{ path, message: numberingMessages.seriesTooLong }];
      if (!/^[\p{L}\p{N}]+$/u.test(component.value)) return [{ path, message: numberingMessages.seriesCharacters }];
      return [];
    }
    case 'DELIMITER': {
      const path = `components.${index}.value`;
      if ([...component.value].length !== 1) return [{ path, message: numberingMessages.delimiterLength }];
      if (/^[\p{L}\p{N}{}]$/u.test(component.value)) return [{ path, message: numberingMessages.delimiterCharacter }];
      return [];
    }
    case 'DATE_FORMAT':
      return isDateFormatToken(component.value) ? [] : [{ path: `components.${index}.value`, message: numberingMessages.malformed }];
    default:
      return validateLength(component, `components.${index}.length`);
  }
}

/** Content rules of a format; an empty list means valid. Paths name the component, e.g. 'components.0.value'. */
export function validateNumberComponents(components: NumberComponent[]): { path: string; message: string }[] {
  const problems = components.flatMap(validateComponent);
  const seen = new Set<SequenceKind>();
  components.forEach((component, index) => {
    if (!isSequenceKind(component.kind)) return;
    if (seen.has(component.kind)) problems.push({ path: `components.${index}.kind`, message: numberingMessages.sequenceRepeated });
    seen.add(component.kind);
  });
  if (seen.size === 0) problems.push({ path: 'components', message: numberingMessages.sequenceRequired });
  return problems;
}

export function usesCustomerSequence(components: NumberComponent[]): boolean {
  return components.some((component) => component.kind === 'CUSTOMER_SEQUENCE');
}

export function usesRandomSequence(components: NumberComponent[]): boolean {
  return components.some((component) => component.kind === 'RANDOM_SEQUENCE');
}

const isoDatePattern = /^(\d{4})-(\d{2})-\d{2}$/;

function yearAndMonth(date: string): { year: string; month: string } {
  const match = isoDatePattern.exec(date);
  if (!match) throw new RangeError(`Expected a YYYY-MM-DD date, got '${date}'`);
  return { year: match[1] ?? '', month: match[2] ?? '' };
}

function formatDate(token: DateFormatToken, date: string): string {
  const { year, month } = yearAndMonth(date);
  switch (token) {
    case 'Y':
      return year;
    case 'y':
      return year.slice(-2);
    case 'm':
      return month;
    case 'Ym':
      return `${year}${month}`;
    case 'Y-m':
      return `${year}-${month}`;
  }
}

function padSequence(value: number, length: number): string {
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`A sequence number must be a positive integer, got ${value}`);
  // A sequence that outgrows its length keeps all its digits: numbers must stay unique.
  return String(value).padStart(length, '0');
}

function randomPart(randomDigits: (length: number) => string, length: number): string {
  const digits = randomDigits(length);
  if (!new RegExp(`^\\d{${length}}$`).test(digits)) throw new RangeError(`randomDigits(${length}) returned '${digits}'`);
  return digits;
}

/**
 * The document number for the given sequence values and document date, e.g. 'INV-000042'.
 * `randomDigits(length)` supplies the random part (the caller owns randomness and retries on a clash).
 */
export function formatDocumentNumber(
  components: NumberComponent[],
  values: { sequence: number; customerSequence: number; date: string; randomDigits: (length: number) => string },
): string {
  return components
    .map((component) => {
      switch (component.kind) {
        case 'SERIES':
        case 'DELIMITER':
          return component.value;
        case 'DATE_FORMAT':
          return formatDate(component.value, values.date);
        case 'SEQUENCE':
          return padSequence(values.sequence, component.length);
        case 'CUSTOMER_SEQUENCE':
          return padSequence(values.customerSequence, component.length);
        case 'RANDOM_SEQUENCE':
          return randomPart(values.randomDigits, component.length);
      }
    })
    .join('');
}

/**
 * Which counters a new number draws from. businessKey: 'all', or the document's 4-digit year when
 * the sequence resets yearly. customerKey: only when the format uses CUSTOMER_SEQUENCE: the
 * customer id, plus ':YYYY' when yearly.
 */
export function sequenceScope(
  components: NumberComponent[],
  options: { yearlyReset: boolean; date: string; customerId: string | null },
): { businessKey: string; customerKey: string | null } {
  const { year } = yearAndMonth(options.date);
  const businessKey = options.yearlyReset ? year : 'all';
  if (!usesCustomerSequence(components)) return { businessKey, customerKey: null };
  if (options.customerId === null) throw new RangeError('A format with CUSTOMER_SEQUENCE needs a customer');
  return { businessKey, customerKey: options.yearlyReset ? `${options.customerId}:${year}` : options.customerId };
}
