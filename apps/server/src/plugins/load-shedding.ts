import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import { AppError } from './app-error.js';

/**
 * Load shedding: while the event loop lags (config pressureMaxEventLoopDelayMs) or the process holds too much memory
 * (pressureMaxRssBytes), the expensive routes answer 503 `serviceUnavailable` with Retry-After at once, so that what a
 * service cannot wait for keeps its pace: health probes, staff boards, the kitchen, order placement, payments. Reports
 * and exports can be asked for again a few seconds later; a guest's order cannot.
 */

/** Route patterns (as registered, e.g. /api/eatery/:id/reports/day) that are refused under pressure. */
const SHED_UNDER_PRESSURE = [
  // Reports, the day report, Z lists and CSV exports: long queries over a whole day or month.
  /^\/api\/eatery\/:id\/reports(\/|\.|$)/,
  /^\/api\/eatery\/:id\/audit(\.csv)?$/,
  // Menu import and export: spreadsheets and ZIPs built or parsed in memory.
  /^\/api\/eatery\/:id\/menu-transfer\//,
  // QR code images and printer previews: drawn per request.
  /\/qr\.png$/,
  /^\/api\/eatery\/:id\/printers\/:printerId\/preview$/,
  // The API documentation.
  /^\/api\/docs/,
];

/** Seconds a refused client should wait before asking again. */
const SHED_RETRY_AFTER_SECONDS = 5;

const isShedUnderPressure = (route: string | undefined) =>
  route !== undefined && SHED_UNDER_PRESSURE.some((pattern) => pattern.test(route));

export const loadSheddingPlugin = fp(async (app) => {
  const { pressureMaxEventLoopDelayMs = 0, pressureMaxRssBytes = 0 } = app.config;
  if (pressureMaxEventLoopDelayMs === 0 && pressureMaxRssBytes === 0) return;
  await app.register(underPressure, {
    maxEventLoopDelay: pressureMaxEventLoopDelayMs,
    maxRssBytes: pressureMaxRssBytes,
    // Called for every request while under pressure: nothing returned lets the request run as usual.
    pressureHandler: (request, reply, type, value) => {
      if (!isShedUnderPressure(request.routeOptions.url)) return undefined;
      request.log.warn({ type, value }, 'under pressure: refusing an expensive request');
      reply.header('retry-after', String(SHED_RETRY_AFTER_SECONDS));
      return Promise.reject(new AppError(503, 'serviceUnavailable'));
    },
  });
});
