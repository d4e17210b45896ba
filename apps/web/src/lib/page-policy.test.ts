import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './page-policy';

describe('page policy setup', () => {
  it('turns zod’s code generation off through the setting zod itself reads', () => {
    expect(z.config().jitless).toBe(true);
    const schema = z.object({ name: z.string() });
    expect(schema.parse({ name: 'Acme', extra: 1 })).toEqual({ name: 'Acme' });
  });
});
