/**
 * Registers a route from an entry of the contract's endpoint table: the method and path come from
 * the entry, its schemas validate the request through `validate` (the same codes and envelope as a
 * hand-written route), and the handler must answer the entry's answer type, wrapped in the envelope here.
 */
import type { AnswerOf, AnyEndpoint, BodyOf, ParamsOf, QueryOf } from '@negayno/shared/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { ok } from './envelope.js';
import { sendPrepared, type PreparedAnswer } from './prepared-answer.js';
import { validate } from './validate.js';

export interface EndpointInput<E> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteOptions {
  /** Runs before validation, as a route's own preHandler (e.g. requireUser). */
  preHandler?: preHandlerHookHandler;
}

export function route<E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: EndpointInput<E>) => Promise<AnswerOf<E>>,
  options: RouteOptions = {},
): void {
  register(app, endpoint, options, async (request, reply) => ok(await handler(inputOf(endpoint, request, reply))));
}

/**
 * A route whose answer is serialised and encoded ahead (prepared-answer.ts), for answers re-used
 * between requests; its input is validated as any route's, and the answer keeps the entry's type.
 */
export function preparedRoute<E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: EndpointInput<E>) => Promise<PreparedAnswer<AnswerOf<E>>>,
  options: RouteOptions = {},
): void {
  register(app, endpoint, options, async (request, reply) => sendPrepared(request, reply, await handler(inputOf(endpoint, request, reply))));
}

/** A route that answers through the reply itself (a file's bytes): validated like `route`, without the envelope. */
export function replyRoute<E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: EndpointInput<E>) => Promise<FastifyReply>,
  options: RouteOptions = {},
): void {
  register(app, endpoint, options, async (request, reply) => handler(inputOf(endpoint, request, reply)));
}

function register(
  app: FastifyInstance,
  endpoint: AnyEndpoint,
  options: RouteOptions,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  app.route({ method: endpoint.method, url: endpoint.path, ...(options.preHandler ? { preHandler: options.preHandler } : {}), handler });
}

function inputOf<E extends AnyEndpoint>(endpoint: E, request: FastifyRequest, reply: FastifyReply): EndpointInput<E> {
  return {
    params: paramsOf(endpoint, request.params as Record<string, string>) as ParamsOf<E>,
    query: (endpoint.query ? validate(endpoint.query, request.query) : undefined) as QueryOf<E>,
    // A call without a body (no Content-Type) is read as an empty form, so each field reports itself.
    body: (endpoint.body ? validate(endpoint.body, request.body ?? {}) : undefined) as BodyOf<E>,
    request,
    reply,
  };
}

/** Each path parameter on its own, in the entry's order: the first bad one names the answer's code. */
export function paramsOf(endpoint: AnyEndpoint, raw: Record<string, string>): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(endpoint.params ?? {})) params[name] = validate(schema, raw[name]);
  return params;
}
