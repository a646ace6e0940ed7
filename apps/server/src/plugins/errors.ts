import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  ERROR_MESSAGES,
  type ApiErrorBody,
  type ErrorDetail,
  type ErrorKey,
  type ErrorParams,
} from '@qr-menu/contract';
import { isDatabaseUnavailable } from '../db/connection-faults.js';
import { AppError, dbErrorCode } from './app-error.js';

function send(reply: FastifyReply, status: number, key: ErrorKey, details?: ErrorDetail[], params?: ErrorParams) {
  const body: ApiErrorBody = { messageKey: key, message: ERROR_MESSAGES[key] };
  if (details?.length) body.details = details;
  if (params) body.params = params;
  body.requestId = reply.request.id;
  // For the metrics (refused orders by reason).
  reply.request.errorKey = key;
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** Fastify's own error codes mapped onto our keys. */
const FRAMEWORK_ERRORS: Record<string, [number, ErrorKey]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'bodyTooLarge'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupportedMediaType'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'invalidJson'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'invalidJson'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalidJson'],
  FST_REQ_FILE_TOO_LARGE: [413, 'imageTooLarge'],
  FST_PARTS_LIMIT: [413, 'bodyTooLarge'],
  FST_FILES_LIMIT: [413, 'bodyTooLarge'],
  FST_FIELDS_LIMIT: [413, 'bodyTooLarge'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'unsupportedMediaType'],
};

/**
 * One error handler for every failure: always `{messageKey, message, details?, params?, requestId}`, never a stack
 * trace.
 */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) return send(reply, err.statusCode, err.messageKey, err.details, err.params);

    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replace(/\//g, '.') || (err.validationContext ?? 'body'),
        messageKey: v.message?.startsWith('validation.') ? v.message : 'validation.invalid',
      }));
      return send(reply, 400, 'validation', details);
    }

    // A payment row of a business day closed by its Z report: the payments trigger refuses it (migration 0012).
    if (dbErrorCode(err) === 'Q0001') return send(reply, 409, 'dayClosed');

    // PostgreSQL "data exception" (class 22): a value the database cannot take, e.g. a NUL character in a
    // text or a number out of range. Bad input, not a server fault.
    if (dbErrorCode(err)?.startsWith('22')) {
      request.log.info({ err }, 'database rejected a value');
      return send(reply, 400, 'validation');
    }

    const mapped = err.code ? FRAMEWORK_ERRORS[err.code] : undefined;
    if (mapped) return send(reply, mapped[0], mapped[1]);
    if (err instanceof SyntaxError) return send(reply, 400, 'invalidJson');
    if (err.statusCode === 429) return send(reply, 429, 'tooManyRequests');
    if (err.statusCode === 413) return send(reply, 413, 'bodyTooLarge');
    if (err.statusCode === 415) return send(reply, 415, 'unsupportedMediaType');
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      request.log.info({ err }, 'client error');
      const key: ErrorKey =
        err.statusCode === 401
          ? 'jwtInvalid'
          : err.statusCode === 403
            ? 'accessDenied'
            : err.statusCode === 404
              ? 'notFound'
              : 'validation';
      return send(reply, err.statusCode, key);
    }

    // The database went away mid-request (a killed connection, a restart): a retry soon will work.
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'database unavailable');
      reply.header('retry-after', '1');
      return send(reply, 503, 'serviceUnavailable');
    }

    request.log.error({ err }, 'unhandled error');
    return send(reply, 500, 'internal');
  });
});

/**
 * Errors Fastify's router raises before a route runs (the `frameworkErrors` option), answered with our body:
 * a malformed percent-encoding in the path is a bad request; a path parameter longer than the router takes can
 * only be an id that exists nowhere, so it is "not found" like any other bad id.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return send(reply, 404, 'notYourResource');
  return send(reply, 400, 'badRequest');
}

/**
 * Errors of Node's HTTP parser, raised before Fastify has a request to answer (Fastify's `clientErrorHandler`
 * option): the same cases as Fastify's default handler (a header block over Node's 16 KB limit, a timeout,
 * anything else unreadable), answered with our `{messageKey, message}` body instead of Fastify's own.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, key]: [number, string, ErrorKey] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'headersTooLarge']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'requestTimeout']
        : [400, 'Bad Request', 'badRequest'];
  const body = JSON.stringify({ messageKey: key, message: ERROR_MESSAGES[key] } satisfies ApiErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
