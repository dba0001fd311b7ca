/**
 * The one place that turns failures into the error envelope (decisions section 1). Client mistakes keep
 * their catalogue code; anything unexpected is logged in full and answered as a bare `server_error`.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, RetryLater } from './app-error.js';
import { isApiPath } from './api-paths.js';
import { errorEnvelope } from './envelope.js';
import { languageOf } from './language.js';

export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> | unknown;

export function installErrorHandling(app: FastifyInstance, options: { notFound: NotFoundFallback }): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    return sendError(request, reply, toAppError(error, request));
  });
  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) return sendError(request, reply, new AppError('action_not_found'));
    return options.notFound(request, reply);
  });
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  if (error instanceof RetryLater) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(errorEnvelope(error, languageOf(request)));
}

function toAppError(error: FastifyError | AppError, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  // Fastify's own 4xx (malformed or empty JSON, unsupported media type, too large a body): the client's mistake.
  if (error.code?.startsWith('FST_') && error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError('invalid_value');
  }
  request.log.error({ err: error }, 'unexpected error');
  return new AppError('server_error');
}
