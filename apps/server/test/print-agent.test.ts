import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_PATH } from '@qr-menu/contract';
import { eq } from 'drizzle-orm';
import { printJobs } from '../src/db/schema.js';
import type { AgentHub } from '../src/modules/printing/agent-hub.js';
import { renderDocument } from '../src/modules/printing/escpos/render.js';
import { PrintWorker } from '../src/modules/printing/print-worker.js';
import { startPrintAgent, type AgentState, type PrintAgent } from '../src/print-agent/agent.js';
import { PRINT_AGENT_JOB_EVENT, PRINT_AGENT_NAMESPACE } from '../src/print-agent/protocol.js';
import { registerDevice } from './device-fixtures.js';
import { startFakePrinter } from './fake-printer.js';
import { bearer, setupApp } from './helper.js';
import { makeEatery, type TestEatery } from './orders-fixtures.js';
import { SERVER_DIR } from './server-process.js';

/**
 * The print agent: it connects out to the server with a registered device's token and prints the jobs the server
 * sends it on the restaurant's printers (here a fake printer on 127.0.0.1). A token that is not a live device's is
 * refused; a dropped agent comes back; a printer it cannot reach fails the job with the agent's error.
 */

const ctx = setupApp({ rateLimits: false });
let app: FastifyInstance;
let hub: AgentHub;
let baseUrl: string;
let A: TestEatery;
let B: TestEatery;
let device: { id: number; token: string };
let printer: Awaited<ReturnType<typeof startFakePrinter>>;
const agents: PrintAgent[] = [];

beforeAll(async () => {
  app = ctx.app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  hub = app.printAgents;
  A = await makeEatery(app, { name: 'Nargiz' });
  B = await makeEatery(app, { name: 'Other' });
  device = await registerDevice(app, A.id, A.owner.token, 'Print agent');
  printer = await startFakePrinter();
});

afterEach(async () => {
  await Promise.all(agents.splice(0).map((a) => a.stop()));
  // The server hears of the disconnections a moment later: the next test starts without agents.
  await hubConnected(A.id, false);
  await printer.resume();
  printer.setPaperOut(false);
});

afterAll(async () => {
  await printer?.close();
});

/** An agent with quick retries, its log lines kept. */
function agent(token: string) {
  const lines: string[] = [];
  const started = startPrintAgent({
    server: baseUrl,
    token,
    log: (msg) => lines.push(msg),
    retryDelayMs: { min: 50, max: 200 },
  });
  agents.push(started);
  return { agent: started, lines };
}

/** Resolves on the agent's next `state` (with `detail`, when given). */
function nextState(agent: PrintAgent, state: AgentState, detail?: string) {
  return new Promise<string>((resolve) => {
    const off = agent.onStateChange((s, d) => {
      if (s === state && (detail === undefined || d === detail)) {
        off();
        resolve(d);
      }
    });
  });
}

/** Resolves once the hub says whether the restaurant has an agent here as `connected` (heard through onChange). */
function hubConnected(eateryId: number, connected = true) {
  return new Promise<void>((resolve) => {
    if (hub.isConnected(eateryId) === connected) return resolve();
    const off = hub.onChange((id) => {
      if (id === eateryId && hub.isConnected(eateryId) === connected) {
        off();
        resolve();
      }
    });
  });
}

/** Resolves on the hub's next change of the restaurant's agents. */
function nextChange(eateryId: number) {
  return new Promise<void>((resolve) => {
    const off = hub.onChange((id) => {
      if (id === eateryId) {
        off();
        resolve();
      }
    });
  });
}

/** ESC @ (initialise), the text, a feed and a cut: what the renderer sends, in small. */
const ticket = (text: string) =>
  new Uint8Array([0x1b, 0x40, ...Buffer.from(`${text}\n`, 'ascii'), 0x1b, 0x64, 0x03, 0x1d, 0x56, 0x00]);

const job = (jobId: number, text: string, port = printer.port) => ({
  jobId,
  host: '127.0.0.1',
  port,
  bytes: ticket(text),
});

/** The text of everything the fake printer has received. */
const printed = () => printer.jobs.map((j) => j.text).join('\n');

describe('print agent', () => {
  it('prints the jobs the hub sends on the printer the agent reaches', async () => {
    const { lines } = agent(device.token);
    await hubConnected(A.id);
    expect(hub.connectedEateries()).toEqual([A.id]);
    expect(hub.isConnected(B.id)).toBe(false);

    const before = printer.jobs.length;
    await expect(hub.send(A.id, job(1, 'Hello agent'))).resolves.toEqual({ printed: true, state: 'ONLINE' });
    await printer.waitForJobs(before + 1);
    expect(printed()).toContain('Hello agent');
    expect(lines.some((l) => l.startsWith('connected to '))).toBe(true);
    expect(lines.some((l) => l.includes('job 1 ') && l.includes('printed'))).toBe(true);
  });

  it('a restaurant without an agent here: the send is refused at once', async () => {
    await expect(hub.send(B.id, job(2, 'Nobody'))).rejects.toThrow('agent not connected');
  });

  it('refuses a token that is not a live device’s; the agent keeps trying', async () => {
    const { agent: bad, lines } = agent('not-a-device-token');
    await nextState(bad, 'connectFailed', 'deviceInvalid');
    // It tries again by itself (and is refused again).
    await nextState(bad, 'connectFailed', 'deviceInvalid');
    expect(bad.connected()).toBe(false);
    expect(hub.connectedEateries()).toEqual([]);
    expect(lines.some((l) => l.includes('this device token is not valid or was revoked'))).toBe(true);
  });

  it('drops the agent of a revoked device, and refuses it when it comes back', async () => {
    const revoked = await registerDevice(app, A.id, A.owner.token, 'Old laptop');
    const { agent: old } = agent(revoked.token);
    await hubConnected(A.id);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/eatery/${A.id}/devices/${revoked.id}`,
      headers: bearer(A.owner.token),
    });
    expect(res.statusCode).toBe(204);
    const refused = nextState(old, 'connectFailed', 'deviceInvalid');
    hub.dropDevice(revoked.id);
    await hubConnected(A.id, false);
    await refused;
    expect(hub.isConnected(A.id)).toBe(false);
  });

  it('comes back after the server dropped it, and the next job prints', async () => {
    const { agent: a } = agent(device.token);
    await hubConnected(A.id);
    const dropped = nextState(a, 'disconnected', 'io server disconnect');
    const back = nextState(a, 'connected');
    for (const socket of app.realtime.io!.of(PRINT_AGENT_NAMESPACE).sockets.values()) socket.disconnect(true);
    await dropped;
    await back;
    await hubConnected(A.id);

    const before = printer.jobs.length;
    await expect(hub.send(A.id, job(3, 'After the drop'))).resolves.toEqual({ printed: true, state: 'ONLINE' });
    await printer.waitForJobs(before + 1);
    expect(printed()).toContain('After the drop');
  });

  it('sends to the agent that connected last; the other takes over when it goes', async () => {
    const first = agent(device.token);
    await hubConnected(A.id);
    const second = agent(device.token);
    await nextState(second.agent, 'connected');

    await hub.send(A.id, job(4, 'To the second'));
    expect(second.lines.some((l) => l.includes('job 4 '))).toBe(true);
    expect(first.lines.some((l) => l.includes('job 4 '))).toBe(false);

    const gone = nextChange(A.id);
    await second.agent.stop();
    await gone;
    expect(hub.isConnected(A.id)).toBe(true);
    await hub.send(A.id, job(5, 'To the first'));
    expect(first.lines.some((l) => l.includes('job 5 '))).toBe(true);
  });

  it('a printer that refuses connections: the send is rejected with the agent’s error; it prints once back', async () => {
    agent(device.token);
    await hubConnected(A.id);
    await printer.refuse();
    // The transport's own words for it, carried back by the agent.
    await expect(hub.send(A.id, job(6, 'Refused'))).rejects.toThrow(/^connection refused$/);
    expect(printed()).not.toContain('Refused');

    await printer.resume();
    const before = printer.jobs.length;
    await expect(hub.send(A.id, job(7, 'Back again'))).resolves.toEqual({ printed: true, state: 'ONLINE' });
    await printer.waitForJobs(before + 1);
    expect(printed()).toContain('Back again');
  });

  it('a printer without paper: the agent answers NO_PAPER and nothing is printed', async () => {
    agent(device.token);
    await hubConnected(A.id);
    printer.setPaperOut(true);
    await expect(hub.send(A.id, job(8, 'No paper'))).resolves.toEqual({ printed: false, state: 'NO_PAPER' });
    expect(printed()).not.toContain('No paper');
  });
});

describe('print worker through an agent', () => {
  it('holds an agent printer’s jobs while no agent is connected here, and prints them through it once it is', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/eatery/${A.id}/printers`,
      headers: bearer(A.owner.token),
      payload: {
        name: 'Bar (agent)',
        transport: 'AGENT',
        host: '127.0.0.1',
        port: printer.port,
        paper: 58,
        textMode: 'CODEPAGE',
        language: 'ru',
        kitchen: false,
        departmentIds: [],
        prebills: false,
        receipts: false,
        reports: false,
        enabled: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const test = await app.inject({
      method: 'POST',
      url: `/api/eatery/${A.id}/printers/${res.json().id}/test`,
      headers: bearer(A.owner.token),
    });
    expect(test.statusCode).toBe(201);
    const worker = new PrintWorker(app.db, {
      render: renderDocument,
      sendDirect: () => Promise.reject(new Error('not a direct printer')),
      agents: hub,
    });
    // No agent connected to this instance: the job is not even claimed.
    expect(await worker.runOnce()).toBe(0);
    const [waiting] = await app.db.select().from(printJobs).where(eq(printJobs.id, test.json().id));
    expect(waiting).toMatchObject({ status: 'PENDING', attempts: 0 });

    const before = printer.jobs.length;
    agent(device.token);
    await hubConnected(A.id);
    expect(await worker.runOnce()).toBe(1);
    const [done] = await printer.waitForJobs(before + 1).then((jobs) => jobs.slice(before));
    expect(done.text).toContain('Bar (agent)');
    expect(done.text).toContain('Русский: Ёё Щщ Ъъ Ыы Юю Яя');
  });
});

describe('agent hub', () => {
  it('rejects a send the agent does not answer in time, answers badly, or disconnects during', async () => {
    // A hand-made agent, to answer as the real one never does.
    const raw: Socket = connectClient(baseUrl + PRINT_AGENT_NAMESPACE, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      auth: { token: device.token },
    });
    try {
      await hubConnected(A.id);
      let behaviour: 'silent' | 'garbage' | 'leave' = 'silent';
      raw.on(PRINT_AGENT_JOB_EVENT, (_job: unknown, ack: (answer: unknown) => void) => {
        if (behaviour === 'garbage') ack({ ok: 'yes' });
        if (behaviour === 'leave') raw.disconnect();
      });
      await expect(hub.send(A.id, job(9, 'x'), 100)).rejects.toThrow('agent timed out');
      behaviour = 'garbage';
      await expect(hub.send(A.id, job(10, 'x'))).rejects.toThrow('agent answered badly');
      behaviour = 'leave';
      // Long before the 15 s timeout.
      await expect(hub.send(A.id, job(11, 'x'))).rejects.toThrow('agent disconnected');
      await hubConnected(A.id, false);
    } finally {
      raw.disconnect();
    }
  });
});

describe('print agent command line', () => {
  const run = (args: string[], env: Record<string, string> = {}) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/print-agent/main.ts', ...args], {
      cwd: SERVER_DIR,
      env: { ...process.env, PRINT_AGENT_SERVER: '', PRINT_AGENT_TOKEN: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = { stdout: '', stderr: '' };
    child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return { child, output, exited };
  };

  it('prints its usage without a server or a token', async () => {
    const { output, exited } = run(['--server', baseUrl]);
    expect(await exited).toBe(2);
    expect(output.stderr).toContain('The token is missing.');
    expect(output.stderr).toContain('Usage: npm run print-agent');
  });

  it('connects with the token from the environment and stops cleanly on SIGTERM', async () => {
    const { child, output, exited } = run(['--server', baseUrl], { PRINT_AGENT_TOKEN: device.token });
    try {
      await hubConnected(A.id);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output.stdout).toContain(`connected to ${baseUrl}`);
      expect(output.stdout).toContain('SIGTERM: stopping');
      await hubConnected(A.id, false);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
