import { messages, planRequiredMessage } from '@app/contracts';

/** The one error type services throw; the error handler maps it to the HTTP shapes of docs/architecture.md (Platform: Errors). */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
  }

  static validation(field: string, message: string): AppError {
    return new AppError('validation', message, 422, { [field]: [message] });
  }
  /** 400 `{"message"}`: a request that cannot be taken as sent (an unsigned webhook delivery). */
  static badRequest(message: string): AppError {
    return new AppError('bad_request', message, 400);
  }
  static notFound(message: string = messages.notFound): AppError {
    return new AppError('not_found', message, 404);
  }
  static forbidden(message: string = messages.forbidden): AppError {
    return new AppError('forbidden', message, 403);
  }
  static unauthenticated(): AppError {
    return new AppError('unauthenticated', messages.unauthenticated, 401);
  }
  static conflict(message: string): AppError {
    return new AppError('conflict', message, 409);
  }
}

/** 403 of a feature the business's plan lacks: the message and `required_plan` name the cheapest plan that has it. */
export class PlanRequiredError extends AppError {
  constructor(readonly requiredPlan: string) {
    super('plan_required', planRequiredMessage(requiredPlan), 403);
  }
}

/** A refusal of what was sent (422): a caller writing many records sets it aside as one row's error. */
export function isValidationRefusal(error: unknown): error is AppError {
  return error instanceof AppError && error.status === 422;
}

/** 429 `Too Many Attempts.`, with how long to wait (sent as `Retry-After`). */
export class TooManyAttemptsError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', messages.tooManyAttempts, 429);
  }
}

/** Whether a database error (possibly wrapped by the driver or the ORM) has SQLSTATE `code` and names `constraint`. */
export function violatesConstraint(error: unknown, code: string, constraint: string): boolean {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === code && (candidate.constraint === constraint || (typeof candidate.message === 'string' && candidate.message.includes(constraint)))) return true;
    current = candidate.cause;
  }
  return false;
}

/** Whether a database error is a unique violation of `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  return violatesConstraint(error, '23505', constraint);
}

/** Unique keys that mean "already taken": for each, the field and message of the 422 it stands for. */
export type TakenKeys = Readonly<Record<string, { field: string; message: string }>>;

/**
 * Runs `work` and answers a violation of one of `keys` (a write that lost a race to a concurrent
 * one, or a duplicate the checks could not see) with its 422; any other error passes through.
 */
export async function refusingTaken<T>(keys: TakenKeys, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    for (const [constraint, { field, message }] of Object.entries(keys)) {
      if (isUniqueViolation(error, constraint)) throw AppError.validation(field, message);
    }
    throw error;
  }
}
