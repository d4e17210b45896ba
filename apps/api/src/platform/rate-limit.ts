import type { RateLimitRule } from './app-context';
import { TooManyAttemptsError } from './errors';

/**
 * Fixed-window flood limits in this process, for public routes that check no credential (sign-up,
 * forgot-password, public document links). Each process counts on its own, so N processes allow
 * N times the rule. Credential routes count in the shared store instead (platform/throttle.ts).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts a hit; throws 429 (with the seconds until the window ends) when the key is over its limit. */
  hit(key: string, rule: RateLimitRule): void {
    const at = this.now();
    const current = this.windows.get(key);
    if (!current || current.resetAt <= at) {
      this.windows.set(key, { count: 1, resetAt: at + rule.windowMs });
      if (this.windows.size > 50_000) this.prune(at);
      return;
    }
    current.count += 1;
    if (current.count > rule.max) throw new TooManyAttemptsError(Math.max(1, Math.ceil((current.resetAt - at) / 1000)));
  }

  private prune(at: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= at) this.windows.delete(key);
  }
}
