import http from 'node:http';
import { ERROR_MESSAGES, type ApiErrorBody } from '@qr-menu/contract';

/**
 * While an instance opens its database (waiting for PostgreSQL to accept connections, or for another instance that is
 * applying the migrations), its port already answers, so that an orchestrator can tell "starting" from "dead":
 * - GET /api/health/live: 200 (the process runs);
 * - GET /api/health/ready: 503 with migrations 'pending' (send it no traffic yet);
 * - anything else: 503 serviceUnavailable with Retry-After.
 * `close()` frees the port for the real server.
 */
export async function listenWhileStarting(port: number, host: string): Promise<{ close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    res.setHeader('cache-control', 'no-store');
    // Keep-alive connections would hold the port after close(): every answer closes its connection.
    res.setHeader('connection', 'close');
    res.setHeader('content-type', 'application/json; charset=utf-8');
    if (path === '/api/health/live') {
      res.writeHead(200).end(JSON.stringify({ status: 'ok' }));
      return;
    }
    if (path === '/api/health/ready') {
      res.writeHead(503).end(JSON.stringify({ status: 'unavailable', database: 'unknown', migrations: 'pending' }));
      return;
    }
    const body: ApiErrorBody = { messageKey: 'serviceUnavailable', message: ERROR_MESSAGES.serviceUnavailable };
    res.setHeader('retry-after', '1');
    res.writeHead(503).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
