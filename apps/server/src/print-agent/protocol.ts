/**
 * What the server and a restaurant's print agent say to each other. The agent connects out to the server's socket.io
 * (path SOCKET_PATH) in the namespace PRINT_AGENT_NAMESPACE with `auth: { token }`, a registered device's token; the
 * server refuses an unknown or revoked token with the connect error PRINT_AGENT_REFUSED. The server then sends
 * PRINT_AGENT_JOB_EVENT with one PrintAgentJob and an ack; the agent prints it on the restaurant's network and answers
 * one PrintAgentAnswer. Free of socket.io imports: both sides read it.
 */

export const PRINT_AGENT_NAMESPACE = '/print-agent';
/** Server → agent, with an ack: print these bytes on this printer. */
export const PRINT_AGENT_JOB_EVENT = 'print';
/** The connect error's message for a token that is not a live device's. */
export const PRINT_AGENT_REFUSED = 'deviceInvalid';

/** One job for the agent: ESC/POS bytes and the printer's address on the restaurant's network. */
export interface PrintAgentJob {
  jobId: number;
  host: string;
  port: number;
  bytes: Uint8Array;
}

/** What a printer said after a job: it took it (ONLINE), or it says its paper ran out (NO_PAPER). */
export interface PrintAgentResult {
  printed: boolean;
  state: 'ONLINE' | 'NO_PAPER';
}

/** The agent's answer: the printer's result, or why the printer could not be reached (a short message). */
export type PrintAgentAnswer = ({ ok: true } & PrintAgentResult) | { ok: false; error: string };

/** Longest error message kept from an agent's answer (it ends up in the printer's `lastError`). */
export const PRINT_AGENT_ERROR_MAX = 200;

/** The answer when it has the shape above, else null (an agent of another version, or a broken one). */
export function readAnswer(raw: unknown): PrintAgentAnswer | null {
  if (!raw || typeof raw !== 'object') return null;
  const a = raw as Record<string, unknown>;
  if (a.ok === true && typeof a.printed === 'boolean' && (a.state === 'ONLINE' || a.state === 'NO_PAPER')) {
    return { ok: true, printed: a.printed, state: a.state };
  }
  if (a.ok === false && typeof a.error === 'string') {
    return { ok: false, error: a.error.slice(0, PRINT_AGENT_ERROR_MAX) || 'agent error' };
  }
  return null;
}

/**
 * The job when it has the shape above, else null. The bytes arrive as a Buffer in Node (a Uint8Array) or as an
 * ArrayBuffer, depending on the socket.io client's platform.
 */
export function readJob(raw: unknown): PrintAgentJob | null {
  if (!raw || typeof raw !== 'object') return null;
  const j = raw as Record<string, unknown>;
  const bytes =
    j.bytes instanceof Uint8Array ? j.bytes : j.bytes instanceof ArrayBuffer ? new Uint8Array(j.bytes) : null;
  if (!bytes || !Number.isSafeInteger(j.jobId)) return null;
  if (typeof j.host !== 'string' || j.host.length === 0 || j.host.length > 253) return null;
  if (!Number.isInteger(j.port) || (j.port as number) < 1 || (j.port as number) > 65535) return null;
  return { jobId: j.jobId as number, host: j.host, port: j.port as number, bytes };
}
