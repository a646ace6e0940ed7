/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a 100 KB header, garbage) are
 * answered with the usual `{messageKey, message}` body, not Fastify's own. Needs a real socket: app.inject
 * does not go through the parser.
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@qr-menu/contract';
import { setupApp } from './helper.js';

const ctx = setupApp();
let port: number;

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => ctx.app.server.closeAllConnections());

/** Sends raw bytes and reads the whole answer (the server closes the connection after a client error). */
function rawRequest(text: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => undefined); // the server may reset while we still write
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = raw.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      if (!status) reject(new Error(`no HTTP answer: ${raw.slice(0, 200)}`));
      else resolve({ status, headers: head, body: rest.join('\r\n\r\n') });
    });
    socket.setTimeout(10_000, () => socket.destroy());
    socket.write(text);
  });
}

describe('client errors', () => {
  it('a 100 KB header answers 431 with {messageKey, message}', async () => {
    const res = await rawRequest(
      `GET /api/config/image-paths HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(100 * 1024)}\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(res.body)).toEqual({
      messageKey: 'headersTooLarge',
      message: ERROR_MESSAGES.headersTooLarge,
    });
  });

  it('an unreadable request answers 400 badRequest', async () => {
    const res = await rawRequest('NOT AN HTTP REQUEST\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ messageKey: 'badRequest', message: ERROR_MESSAGES.badRequest });
  });

  it('the server still answers normal requests afterwards', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/config/image-paths`);
    expect(res.status).toBe(200);
  });
});
