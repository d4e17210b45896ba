import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { messages } from '@app/contracts';
import { AppError, TooManyAttemptsError } from './errors';

function fieldErrors(issues: { path: string; message: string }[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path || 'body';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

function validationBody(errors: Record<string, string[]>) {
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
  return { message: first, errors };
}

/** One mapping from thrown errors to the response shapes of ARCHITECTURE section 5. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof TooManyAttemptsError) reply.header('retry-after', String(error.retryAfterSeconds));
      if (error.status === 422) return reply.status(422).send(validationBody(error.fieldErrors ?? { body: [error.message] }));
      return reply.status(error.status).send({ message: error.message });
    }
    if (error instanceof ZodError) {
      return reply.status(422).send(validationBody(fieldErrors(error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })))));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({ path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'), message: v.message ?? 'The given data was invalid.' }));
      return reply.status(422).send(validationBody(fieldErrors(issues)));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) return reply.status(429).send({ message: messages.tooManyAttempts });
    if (status === 413) return reply.status(422).send(validationBody({ file: [messages.imageTooLarge] }));
    if (status >= 400 && status < 500) return reply.status(status).send({ message: error.message });
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: messages.serverError });
  });
}
