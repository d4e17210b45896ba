import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultNumberFormats,
  formatDocumentNumber,
  numberingMessages,
  parseNumberFormat,
  recurringInvoiceNumberFormat,
  sequenceScope,
  serializeNumberFormat,
  usesCustomerSequence,
  usesRandomSequence,
  validateNumberComponents,
  type NumberComponent,
} from './numbering';

function componentsOf(format: string): NumberComponent[] {
  const parsed = parseNumberFormat(format);
  if (!parsed.ok) throw new Error(`expected '${format}' to parse: ${parsed.message}`);
  return parsed.components;
}

const noRandom = (): string => {
  throw new Error('no random part expected');
};
const values = { sequence: 42, customerSequence: 3, date: '2026-07-09', randomDigits: noRandom };

describe('parseNumberFormat / serializeNumberFormat', () => {
  it('reads every component kind', () => {
    expect(componentsOf('{{SERIES:INV}}{{DELIMITER:/}}{{DATE_FORMAT:Y-m}}{{CUSTOMER_SEQUENCE:3}}{{RANDOM_SEQUENCE:5}}{{SEQUENCE:6}}')).toEqual([
      { kind: 'SERIES', value: 'INV' },
      { kind: 'DELIMITER', value: '/' },
      { kind: 'DATE_FORMAT', value: 'Y-m' },
      { kind: 'CUSTOMER_SEQUENCE', length: 3 },
      { kind: 'RANDOM_SEQUENCE', length: 5 },
      { kind: 'SEQUENCE', length: 6 },
    ]);
  });

  it('refuses malformed strings', () => {
    for (const format of [
      '',
      'INV-{{SEQUENCE:6}}',
      '{{SEQUENCE:6}}-',
      '{{SEQUENCE:6}',
      '{{SEQUENCE:six}}',
      '{{SEQUENCE:-1}}',
      '{{SEQUENCE:1234}}',
      '{{SEQUENCE}}',
      '{{sequence:6}}',
      '{{COUNTER:6}}',
      '{{DATE_FORMAT:d}}',
      '{{DELIMITER:{}}',
      '{{SERIES:A}}{{SEQUENCE:6}}}',
    ]) {
      expect(parseNumberFormat(format), format).toEqual({ ok: false, message: numberingMessages.malformed });
    }
  });

  it('leaves content rules to validation', () => {
    expect(componentsOf('{{SERIES:TOOLONG}}{{DELIMITER:}}{{SEQUENCE:0}}')).toEqual([
      { kind: 'SERIES', value: 'TOOLONG' },
      { kind: 'DELIMITER', value: '' },
      { kind: 'SEQUENCE', length: 0 },
    ]);
  });

  it('round-trips every valid list of components', () => {
    const componentArb: fc.Arbitrary<NumberComponent> = fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9]{1,6}$/).map((value): NumberComponent => ({ kind: 'SERIES', value })),
      fc.constantFrom('-', '/', '.', '_', '#', ' ', ':').map((value): NumberComponent => ({ kind: 'DELIMITER', value })),
      fc.constantFrom('Y' as const, 'y' as const, 'm' as const, 'Ym' as const, 'Y-m' as const).map((value): NumberComponent => ({ kind: 'DATE_FORMAT', value })),
      fc.integer({ min: 1, max: 12 }).map((length): NumberComponent => ({ kind: 'SEQUENCE', length })),
      fc.integer({ min: 1, max: 12 }).map((length): NumberComponent => ({ kind: 'CUSTOMER_SEQUENCE', length })),
      fc.integer({ min: 4, max: 12 }).map((length): NumberComponent => ({ kind: 'RANDOM_SEQUENCE', length })),
    );
    fc.assert(
      fc.property(fc.array(componentArb, { minLength: 1, maxLength: 8 }), (components) => {
        const text = serializeNumberFormat(components);
        expect(parseNumberFormat(text)).toEqual({ ok: true, components });
        expect(serializeNumberFormat(componentsOf(text))).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it('has valid defaults', () => {
    for (const format of Object.values(defaultNumberFormats)) expect(validateNumberComponents(componentsOf(format))).toEqual([]);
    expect(formatDocumentNumber(componentsOf(defaultNumberFormats.estimate), values)).toBe('EST-000042');
    expect(formatDocumentNumber(componentsOf(defaultNumberFormats.payment), values)).toBe('PAY-000042');
  });

  it('numbers recurring invoices RI-000001 on, per business, without a yearly reset', () => {
    const components = componentsOf(recurringInvoiceNumberFormat);
    expect(validateNumberComponents(components)).toEqual([]);
    expect(formatDocumentNumber(components, { ...values, sequence: 1 })).toBe('RI-000001');
    expect(sequenceScope(components, { yearlyReset: false, date: '2026-05-01', customerId: null })).toEqual({ businessKey: 'all', customerKey: null });
  });
});

describe('formatDocumentNumber', () => {
  it('pads the business sequence', () => {
    expect(formatDocumentNumber(componentsOf(defaultNumberFormats.invoice), values)).toBe('INV-000042');
  });

  it('writes the document date', () => {
    const format = '{{SERIES:INV}}{{DELIMITER:-}}{{DATE_FORMAT:Y}}{{DELIMITER:-}}{{SEQUENCE:4}}';
    expect(formatDocumentNumber(componentsOf(format), { ...values, sequence: 7 })).toBe('INV-2026-0007');
    const dates = '{{DATE_FORMAT:y}}{{DELIMITER:.}}{{DATE_FORMAT:m}}{{DELIMITER:.}}{{DATE_FORMAT:Ym}}{{DELIMITER:.}}{{DATE_FORMAT:Y-m}}{{SEQUENCE:1}}';
    expect(formatDocumentNumber(componentsOf(dates), values)).toBe('26.07.202607.2026-0742');
  });

  it('numbers per customer', () => {
    const format = '{{SERIES:C}}{{CUSTOMER_SEQUENCE:3}}{{DELIMITER:/}}{{SEQUENCE:2}}';
    expect(formatDocumentNumber(componentsOf(format), values)).toBe('C003/42');
  });

  it('asks for random digits of the component length', () => {
    const lengths: number[] = [];
    const randomDigits = (length: number): string => {
      lengths.push(length);
      return '9'.repeat(length);
    };
    expect(formatDocumentNumber(componentsOf('{{SERIES:R}}{{RANDOM_SEQUENCE:8}}'), { ...values, randomDigits })).toBe('R99999999');
    expect(lengths).toEqual([8]);
    expect(() => formatDocumentNumber(componentsOf('{{RANDOM_SEQUENCE:8}}'), { ...values, randomDigits: () => '123' })).toThrow(RangeError);
  });

  it('keeps every digit of a sequence longer than its length and refuses bad inputs', () => {
    expect(formatDocumentNumber(componentsOf('{{SEQUENCE:2}}'), { ...values, sequence: 12345 })).toBe('12345');
    expect(() => formatDocumentNumber(componentsOf('{{SEQUENCE:2}}'), { ...values, sequence: 0 })).toThrow(RangeError);
    expect(() => formatDocumentNumber(componentsOf('{{DATE_FORMAT:Y}}{{SEQUENCE:2}}'), { ...values, date: '09/07/2026' })).toThrow(RangeError);
  });
});

describe('validateNumberComponents', () => {
  const sequence: NumberComponent = { kind: 'SEQUENCE', length: 6 };

  it('gives every rule its message on the right component', () => {
    expect(validateNumberComponents([{ kind: 'SERIES', value: 'INVOICE' }, sequence])).toEqual([
      { path: 'components.0.value', message: 'Series can have at most 6 characters.' },
    ]);
    expect(validateNumberComponents([{ kind: 'SERIES', value: '' }, sequence])).toEqual([{ path: 'components.0.value', message: numberingMessages.seriesRequired }]);
    expect(validateNumberComponents([{ kind: 'SERIES', value: 'IN-V' }, sequence])).toEqual([{ path: 'components.0.value', message: numberingMessages.seriesCharacters }]);
    expect(validateNumberComponents([sequence, { kind: 'DELIMITER', value: '--' }])).toEqual([
      { path: 'components.1.value', message: 'Delimiter must be a single character.' },
    ]);
    expect(validateNumberComponents([sequence, { kind: 'DELIMITER', value: '' }])).toEqual([{ path: 'components.1.value', message: numberingMessages.delimiterLength }]);
    for (const value of ['a', '7', '{', '}']) {
      expect(validateNumberComponents([sequence, { kind: 'DELIMITER', value }])).toEqual([{ path: 'components.1.value', message: numberingMessages.delimiterCharacter }]);
    }
    expect(validateNumberComponents([{ kind: 'SEQUENCE', length: 0 }])).toEqual([{ path: 'components.0.length', message: 'Number length must be greater than 0.' }]);
    expect(validateNumberComponents([{ kind: 'CUSTOMER_SEQUENCE', length: 13 }])).toEqual([{ path: 'components.0.length', message: numberingMessages.lengthTooLarge }]);
    expect(validateNumberComponents([{ kind: 'RANDOM_SEQUENCE', length: 3 }])).toEqual([{ path: 'components.0.length', message: numberingMessages.randomTooShort }]);
    expect(validateNumberComponents([{ kind: 'SERIES', value: 'INV' }])).toEqual([
      { path: 'components', message: 'Add a sequence, customer sequence or random sequence.' },
    ]);
    expect(validateNumberComponents([sequence, { kind: 'DELIMITER', value: '-' }, sequence])).toEqual([
      { path: 'components.2.kind', message: numberingMessages.sequenceRepeated },
    ]);
  });

  it('accepts one of each sequence kind together', () => {
    const components: NumberComponent[] = [
      { kind: 'SERIES', value: 'Ü1' },
      { kind: 'CUSTOMER_SEQUENCE', length: 1 },
      { kind: 'DELIMITER', value: '€' },
      { kind: 'RANDOM_SEQUENCE', length: 12 },
      sequence,
    ];
    expect(validateNumberComponents(components)).toEqual([]);
    expect(usesCustomerSequence(components)).toBe(true);
    expect(usesRandomSequence(components)).toBe(true);
    expect(usesCustomerSequence([sequence])).toBe(false);
    expect(usesRandomSequence([sequence])).toBe(false);
  });

  it('lists every problem at once', () => {
    expect(validateNumberComponents([{ kind: 'SERIES', value: 'TOOLONG' }, { kind: 'DELIMITER', value: 'ab' }])).toHaveLength(3);
  });
});

describe('sequenceScope', () => {
  const plain = componentsOf(defaultNumberFormats.invoice);
  const perCustomer = componentsOf('{{SERIES:INV}}{{CUSTOMER_SEQUENCE:4}}');

  it('uses one business counter, or one per year', () => {
    expect(sequenceScope(plain, { yearlyReset: false, date: '2026-12-31', customerId: 'c1' })).toEqual({ businessKey: 'all', customerKey: null });
    expect(sequenceScope(plain, { yearlyReset: true, date: '2026-12-31', customerId: null })).toEqual({ businessKey: '2026', customerKey: null });
  });

  it('adds a customer counter when the format numbers per customer', () => {
    expect(sequenceScope(perCustomer, { yearlyReset: false, date: '2027-01-01', customerId: 'c1' })).toEqual({ businessKey: 'all', customerKey: 'c1' });
    expect(sequenceScope(perCustomer, { yearlyReset: true, date: '2027-01-01', customerId: 'c1' })).toEqual({ businessKey: '2027', customerKey: 'c1:2027' });
    expect(() => sequenceScope(perCustomer, { yearlyReset: false, date: '2027-01-01', customerId: null })).toThrow(RangeError);
  });
});
