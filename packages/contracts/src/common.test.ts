import { describe, expect, it } from 'vitest';
import { emailSchema } from './common';
import { messages } from './messages';

describe('emailSchema', () => {
  it('takes one address, trimmed and in lower case', () => {
    expect(emailSchema.parse('  Ann.Lee+books@Sub.Example.co.uk ')).toBe('ann.lee+books@sub.example.co.uk');
  });

  it.each(['books@example.com,', 'a@example.com;b@example.com', 'Ann <ann@example.com>', '"ann"@example.com', 'ann@example', 'ann@example.com.', 'a b@example.com', 'ann@@example.com'])(
    'refuses %s: a mailer would read a list, a display name or no domain in it',
    (value) => {
      const parsed = emailSchema.safeParse(value);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(messages.incorrectEmail);
    },
  );
});
