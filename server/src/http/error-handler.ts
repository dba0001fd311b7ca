/**
 * The one place that turns failures into the error envelope (decisions section 1). Client mistakes keep
 * their catalogue code; anything unexpected is logged in full and answered as a bare `server_error`.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isUnstorableText } from '../db/errors.js';
import { AppError, RetryLater, WrongMethod } from './app-error.js';
import { isApiPath } from './api-paths.js';
import { errorEnvelope } from './envelope.js';
import { languageOf } from './language.js';
import type { AllowedMethods } from './method-not-allowed.js';

export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> | unknown;

export function installErrorHandling(app: FastifyInstance, options: { notFound: NotFoundFallback; allowedMethods: AllowedMethods }): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    return sendError(request, reply, toAppError(error, request));
  });
  app.setNotFoundHandler((request, reply) => {
    if (!isApiPath(request.url)) return options.notFound(request, reply);
    const allowed = options.allowedMethods(request);
    if (allowed.length === 0) return sendError(request, reply, new AppError('action_not_found'));
    reply.header('allow', allowed.join(', '));
    return sendError(request, reply, new WrongMethod());
  });
}

/**
 * Fastify's `frameworkErrors`: failures before routing (a URL that cannot be decoded, too long a path
 * parameter) would otherwise answer Fastify's own body; they answer the envelope like everything else.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void sendError(request, reply, toAppError(error, request));
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  if (error instanceof RetryLater) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply
    .code(error.statusCode)
    .type('application/json; charset=utf-8')
    .send(errorEnvelope(error, languageOf(request)));
}

function toAppError(error: FastifyError | AppError, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  // Decisions 1: too large a body is 413 file_is_too_large, whatever the body is.
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new AppError('file_is_too_large');
  // Fastify's other 4xx (malformed or empty JSON, unsupported media type, a malformed URL): the client's mistake.
  if (error.code?.startsWith('FST_') && error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError('invalid_value');
  }
  if (isUnstorableText(error)) return new AppError('invalid_value');
  request.log.error({ err: error }, 'unexpected error');
  return new AppError('server_error');
}
