import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { SessionProvider } from '../lib/session';
import { makeSession } from '../test/fixtures';
import { DateField, parseTypedDate } from './date-field';

function Field({ dateFormat, initial }: { dateFormat?: string; initial: string }) {
  const [value, setValue] = useState(initial);
  const session = makeSession({ current_business_settings: dateFormat ? { date_format: dateFormat } : {} });
  return (
    <MantineProvider env="test">
      <SessionProvider session={session}>
        <DateField label="Invoice date" value={value} onChange={setValue} />
        <output aria-label="form value">{value}</output>
      </SessionProvider>
    </MantineProvider>
  );
}

const input = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Invoice date' });

describe('the shared date field', () => {
  it("shows the spec's DD MMM YYYY when the business chose no format", () => {
    render(<Field initial="2026-12-25" />);
    expect(input().value).toBe('25 Dec 2026');
  });

  it("shows and reads the business's own date format, handing the form YYYY-MM-DD", async () => {
    render(<Field dateFormat="d/m/Y" initial="2026-12-25" />);
    expect(input().value).toBe('25/12/2026');
    await userEvent.clear(input());
    await userEvent.type(input(), '03/01/2027');
    expect(screen.getByLabelText('form value').textContent).toBe('2027-01-03');
  });

  it('reads typed text strictly in the pattern, or as ISO', () => {
    expect(parseTypedDate('03 Jan 2027', 'DD MMM YYYY')).toBe('2027-01-03');
    expect(parseTypedDate('2027-01-03', 'DD/MM/YYYY')).toBe('2027-01-03');
    expect(parseTypedDate('31/02/2027', 'DD/MM/YYYY')).toBeNull();
    expect(parseTypedDate('01/03/2027', 'MM/DD/YYYY')).toBe('2027-01-03');
  });
});
