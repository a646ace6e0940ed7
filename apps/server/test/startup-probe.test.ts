import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { listenWhileStarting } from '../src/startup-probe.js';
import { freePort } from './server-process.js';

describe('the port while the database is being opened', () => {
  it('answers live 200, ready 503 and every other path 503 serviceUnavailable, then frees the port', async () => {
    const port = await freePort();
    const probe = await listenWhileStarting(port, '127.0.0.1');
    const base = `http://127.0.0.1:${port}`;

    const live = await fetch(`${base}/api/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });

    const ready = await fetch(`${base}/api/health/ready?probe=1`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({ status: 'unavailable', database: 'unknown', migrations: 'pending' });

    const api = await fetch(`${base}/api/eatery/1/orders`, { method: 'POST', body: '{}' });
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('1');
    expect(await api.json()).toMatchObject({ messageKey: 'serviceUnavailable' });

    await probe.close();
    // The real server can take the port at once.
    const next = net.createServer();
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', resolve);
    });
    await new Promise((resolve) => next.close(resolve));
  });

  it('fails at once when the port is taken (as the server itself would)', async () => {
    const port = await freePort();
    const first = await listenWhileStarting(port, '127.0.0.1');
    await expect(listenWhileStarting(port, '127.0.0.1')).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await first.close();
  });
});
