import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { handleFormError, mapServerErrors } from './form-errors';
import { notifyError } from './notify';

vi.mock('./notify', () => ({ notifyError: vi.fn() }));

afterEach(() => vi.mocked(notifyError).mockClear());

const invalid = (errors: Record<string, string[]>) => new ApiError(422, 'The given data was invalid.', errors);

function notifiedText(): string | undefined {
  const [err] = vi.mocked(notifyError).mock.calls[0] ?? [];
  return err instanceof Error ? err.message : undefined;
}

describe('mapServerErrors', () => {
  it('places the first message of each field, focusing the first one, and notifies what no field takes', () => {
    const placed: [string, string, boolean][] = [];
    mapServerErrors(invalid({ name: ['Name is taken.', 'Too long.'], email: ['Bad email.'], other: ['Something else.'] }), (field, message, focus) => {
      if (field === 'other') return false;
      placed.push([field, message, focus]);
      return true;
    });
    expect(placed).toEqual([
      ['name', 'Name is taken.', true],
      ['email', 'Bad email.', false],
    ]);
    expect(notifiedText()).toBe('Something else.');
  });

  it('sends the call message elsewhere when no field takes one, and notifies failures without field errors as they are', () => {
    const rest = vi.fn();
    mapServerErrors(invalid({ avatar: ['Too big.'] }), () => false, rest);
    expect(rest).toHaveBeenCalledWith('Too big.');
    const failure = new ApiError(500, 'Server Error');
    mapServerErrors(failure, () => true);
    expect(notifyError).toHaveBeenCalledWith(failure);
  });
});

describe('handleFormError', () => {
  it('sets server errors on the listed fields under their form names', () => {
    const setError = vi.fn();
    handleFormError<{ time_zone: string }>(invalid({ 'settings.time_zone': ['Unknown zone.'] }), setError, ['time_zone'], { rename: (field) => field.replace(/^settings\./, '') });
    expect(setError).toHaveBeenCalledWith('time_zone', { type: 'server', message: 'Unknown zone.' }, { shouldFocus: true });
    expect(notifyError).not.toHaveBeenCalled();
  });
});
