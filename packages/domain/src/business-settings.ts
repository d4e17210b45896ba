import { type BusinessSettings, type ResolvedBusinessSettings, businessSettingsSchema, messages, resolveBusinessSettings } from '@app/contracts';
import { parseNumberFormat, validateNumberComponents } from './numbering';
import { isValidTimeZone } from './schedules';

type SettingKey = keyof BusinessSettings;

const settingKeys = Object.keys(businessSettingsSchema.shape) as SettingKey[];

function isSettingKey(key: string): key is SettingKey {
  return (settingKeys as readonly string[]).includes(key);
}

const numberFormatKeys: readonly SettingKey[] = ['invoice_number_format', 'estimate_number_format', 'payment_number_format'];

/** The domain's objection to a value the contract's schema accepted, or null: the checks readers rely on. */
function domainProblem(key: SettingKey, value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (numberFormatKeys.includes(key)) {
    const parsed = parseNumberFormat(value);
    return parsed.ok ? (validateNumberComponents(parsed.components)[0]?.message ?? null) : parsed.message;
  }
  if (key === 'time_zone' && !isValidTimeZone(value)) return messages.invalidTimeZone;
  return null;
}

/** One setting checked as the contract's schema and then the domain see it. */
function checkSetting(key: SettingKey, value: unknown): { ok: true; value: unknown } | { ok: false; problem: string } {
  const parsed = businessSettingsSchema.shape[key].safeParse(value);
  if (!parsed.success) return { ok: false, problem: parsed.error.issues[0]?.message ?? messages.invalidValue };
  const problem = domainProblem(key, parsed.data);
  return problem ? { ok: false, problem } : { ok: true, value: parsed.data };
}

/**
 * Field errors ('settings.<key>') of settings about to be written, after the request schema: a
 * value every reader (lists, numbering, dashboard, jobs) can use is the only one that is stored.
 */
export function businessSettingsProblems(settings: BusinessSettings): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(settings)) {
    if (value === undefined || !isSettingKey(key)) continue;
    const problem = domainProblem(key, value);
    if (problem) errors[`settings.${key}`] = [problem];
  }
  return errors;
}

export type InvalidStoredSetting = { key: string; problem: string };

/**
 * The settings as stored (jsonb, possibly written by an older version or by hand), read one by
 * one: a value the rules refuse today takes its default and is reported, so one bad value never
 * fails the readers, and the others are kept. Unknown keys are dropped. `valid` is what may be
 * written back (a save replaces the refused values by leaving them out).
 */
export function readStoredBusinessSettings(
  stored: unknown,
  onInvalid: (invalid: InvalidStoredSetting) => void = () => undefined,
): { valid: BusinessSettings; resolved: ResolvedBusinessSettings } {
  const valid: BusinessSettings = {};
  const entries = stored !== null && typeof stored === 'object' && !Array.isArray(stored) ? Object.entries(stored) : [];
  for (const [key, value] of entries) {
    if (!isSettingKey(key) || value === undefined || value === null) continue;
    const checked = checkSetting(key, value);
    if (checked.ok) Object.assign(valid, { [key]: checked.value });
    else onInvalid({ key, problem: checked.problem });
  }
  return { valid, resolved: resolveBusinessSettings(valid) };
}
