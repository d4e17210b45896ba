import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { messages } from '@app/contracts';
import { type DataException, dataExceptionOf, fieldOfDataException } from './data-exceptions';
import { AppError, PlanRequiredError, TooManyAttemptsError } from './errors';

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

/**
 * What Fastify and its multipart plugin refuse before a route runs, each with its true message
 * and status. A JSON parser installed on the server answers the same way by throwing these codes
 * (or an AppError, which keeps its own status and fields).
 */
const REQUEST_REFUSALS: Readonly<Record<string, { status: number; message: string }>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: messages.requestBodyTooLarge },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: messages.invalidJsonBody },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: messages.emptyJsonBody },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: messages.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: messages.bodyLengthMismatch },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: messages.uploadBodyTooLarge },
  FST_PARTS_LIMIT: { status: 413, message: messages.tooManyParts },
  FST_FILES_LIMIT: { status: 413, message: messages.tooManyParts },
  FST_FIELDS_LIMIT: { status: 413, message: messages.tooManyParts },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 406, message: messages.notMultipart },
  FST_PROTO_VIOLATION: { status: 400, message: messages.forbiddenJsonKey },
};

/** secure-json-parse's refusals of `__proto__` and `constructor.prototype` keys (SyntaxErrors). */
const FORBIDDEN_KEY_ERROR = /^Object contains forbidden (prototype|constructor) property$/;

function requestRefusal(error: FastifyError): { status: number; message: string } | null {
  const known = error.code ? REQUEST_REFUSALS[error.code] : undefined;
  if (known) return known;
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return { status: 400, message: FORBIDDEN_KEY_ERROR.test(error.message) ? messages.forbiddenJsonKey : messages.invalidJsonBody };
  }
  return null;
}

/** The 422 of a value the database refused (SQLSTATE class 22), on the request field that carried it. */
function dataExceptionBody(exception: DataException, parts: { params: unknown; query: unknown; body: unknown }) {
  const found = fieldOfDataException(exception, parts);
  return validationBody({ [found?.field ?? 'body']: [found?.message ?? exception.message] });
}

/** One mapping from thrown errors to the response shapes (docs/architecture.md, Platform: Errors). */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof TooManyAttemptsError) reply.header('retry-after', String(error.retryAfterSeconds));
      if (error.status === 422) return reply.status(422).send(validationBody(error.fieldErrors ?? { body: [error.message] }));
      if (error instanceof PlanRequiredError) return reply.status(403).send({ message: error.message, required_plan: error.requiredPlan });
      return reply.status(error.status).send({ message: error.message });
    }
    if (error instanceof ZodError) {
      return reply.status(422).send(validationBody(fieldErrors(error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })))));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({ path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'), message: v.message ?? 'The given data was invalid.' }));
      return reply.status(422).send(validationBody(fieldErrors(issues)));
    }
    const exception = dataExceptionOf(error);
    if (exception) {
      // A value no request schema caught: refused as the client's, and logged so the schema gets the rule.
      request.log.warn({ err: error, sqlState: exception.code }, 'database refused a value');
      return reply.status(422).send(dataExceptionBody(exception, { params: request.params, query: request.query, body: request.body }));
    }
    const refusal = requestRefusal(error);
    if (refusal) return reply.status(refusal.status).send({ message: refusal.message });
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) return reply.status(429).send({ message: messages.tooManyAttempts });
    if (status >= 400 && status < 500) return reply.status(status).send({ message: error.message });
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: messages.serverError });
  });
}
