import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import { maskSecretsInText, maskUrl } from './redaction';

export type ServerLogOptions = { level: string; stream?: DestinationStream };

/** The request as the server's log shows it: the URL masked like the API log's, no headers. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: maskUrl(request.url, request.routeOptions.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}

/** Errors may quote what failed (a URL, a query's parameters): their text goes through the value rules. */
export function errorForLog(error: Error) {
  const serialized = pino.stdSerializers.err(error);
  return { ...serialized, message: maskSecretsInText(serialized.message), stack: maskSecretsInText(serialized.stack) };
}

/** Fastify's logger (the server's stdout), with the same masking as the API log. */
export function serverLoggerOptions(options: ServerLogOptions) {
  return {
    level: options.level,
    ...(options.stream ? { stream: options.stream } : {}),
    serializers: { req: requestForLog, err: errorForLog },
  };
}
