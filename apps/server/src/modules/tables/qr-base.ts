import os from 'node:os';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { QR_BASE_PARAM, V } from '@qr-menu/contract';
import { AppError } from '../../plugins/app-error.js';
import { publicBase } from './qr.js';

type Interfaces = ReturnType<typeof os.networkInterfaces>;

/**
 * `http://<IPv4>:<port>` for every non-internal IPv4 address in `interfaces`, each once, in the order given: the
 * addresses a phone on the same network may reach this server at. Port 0 (not known) leaves the port out.
 */
export function lanBases(interfaces: Interfaces, port: number, protocol = 'http'): string[] {
  const bases: string[] = [];
  for (const list of Object.values(interfaces)) {
    for (const entry of list ?? []) {
      if (entry.internal || entry.family !== 'IPv4') continue;
      const base = `${protocol}://${entry.address}${port ? `:${port}` : ''}`;
      if (!bases.includes(base)) bases.push(base);
    }
  }
  return bases;
}

/**
 * The port this server took the request on: the connection's own port (behind a proxy too: the proxy connects to it),
 * else the one the server listens on, else the configured one.
 */
function serverPort(request: FastifyRequest): number {
  const local = request.socket?.localPort;
  if (local) return local;
  const address = request.server.server.address();
  if (address && typeof address === 'object' && address.port) return address.port;
  return request.server.config.port;
}

/**
 * The LAN addresses a phone can reach this server at, for the request's protocol and port (see lanBases): every one
 * when the server listens on all interfaces (HOST 0.0.0.0 or ::), only its own when it listens on one address, and
 * none when it listens on loopback only (a phone could not open any of them).
 */
export function serverLanBases(request: FastifyRequest): string[] {
  const all = lanBases(os.networkInterfaces(), serverPort(request), request.protocol);
  const host = request.server.config.host;
  if (host === '0.0.0.0' || host === '::' || host === '') return all;
  return all.filter((base) => new URL(base).hostname === host);
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * The base address of the QR codes a request asks for. `?base=` (QR_BASE_PARAM) may pick one of the server's own
 * addresses: PUBLIC_URL, a LAN address (serverLanBases) or the address the request came to; anything else is refused
 * (400 validation), so a QR code never links to a site of the caller's choosing. Without it: publicBase (PUBLIC_URL,
 * else the address the request came to).
 */
export function qrBase(request: FastifyRequest): string {
  const wanted = (request.query as Record<string, unknown> | undefined)?.[QR_BASE_PARAM];
  if (wanted === undefined || wanted === '') return publicBase(request);
  const base = typeof wanted === 'string' ? trimSlash(wanted) : '';
  const allowed = [
    request.server.config.publicUrl,
    `${request.protocol}://${request.host}`,
    ...serverLanBases(request),
  ].filter((b): b is string => !!b);
  if (!allowed.some((a) => trimSlash(a) === base)) {
    throw new AppError(400, 'validation', [{ field: QR_BASE_PARAM, messageKey: V.invalid }]);
  }
  return base;
}

/** `?base=`: which of the server's addresses the QR codes link to; checked by qrBase before any write. */
export const qrQuery = z.object({
  [QR_BASE_PARAM]: z
    .string()
    .max(300)
    .optional()
    .describe(
      "The base address the QR codes link to: PUBLIC_URL, one of the server's LAN addresses " +
        "(GET /api/setup/addresses) or the address the request came to. Left out: PUBLIC_URL, else the request's own.",
    ),
});
