import type { RateLimitRule } from './app-context';
import { AppError } from './errors';
import { messages } from '@app/contracts';

/**
 * Fixed-window counters in this process. Enough for one node; with several nodes behind a
 * balancer the counters move to a shared store (see the scale-out notes).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts a hit; throws 429 when the key is over its limit. */
  hit(key: string, rule: RateLimitRule): void {
    const at = this.now();
    const current = this.windows.get(key);
    if (!current || current.resetAt <= at) {
      this.windows.set(key, { count: 1, resetAt: at + rule.windowMs });
      if (this.windows.size > 50_000) this.prune(at);
      return;
    }
    current.count += 1;
    if (current.count > rule.max) throw new AppError('rate_limited', messages.tooManyAttempts, 429);
  }

  private prune(at: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= at) this.windows.delete(key);
  }
}
