import net from 'node:net';

/**
 * Sending ESC/POS bytes to a network receipt printer over a raw TCP connection (port 9100). Before a job the
 * printer is asked whether it has paper (DLE EOT 4, the paper roll sensor): a job sent to a printer without paper
 * is lost, so it is not sent and waits. Many printers do not answer status requests: no answer means the paper is
 * assumed fine. Every connection is closed and every timer cleared whatever happens.
 */

export interface PrinterAddress {
  host: string;
  port: number;
}

export interface TransportOptions {
  /** How long the connection may take (3000 ms). */
  connectTimeoutMs?: number;
  /** How long to wait for the answer to the paper status request before assuming the paper is fine (400 ms). */
  statusTimeoutMs?: number;
  /** How long the printer may take to read the job and close the connection (10000 ms). */
  writeTimeoutMs?: number;
}

/** Printed, or not sent because the printer says its paper ran out (the job waits). Failures throw. */
export interface SendResult {
  printed: boolean;
  state: 'ONLINE' | 'NO_PAPER';
}

export const TRANSPORT_DEFAULTS: Required<TransportOptions> = {
  connectTimeoutMs: 3000,
  statusTimeoutMs: 400,
  writeTimeoutMs: 10_000,
};

/** DLE EOT 4: the real-time request for the paper roll sensor's status, answered with one byte. */
export const PAPER_STATUS_REQUEST = Uint8Array.of(0x10, 0x04, 0x04);

/**
 * Whether a status byte says the paper ran out. Epson's answer to DLE EOT 4 has bits 1 and 4 set and bits 0 and 7
 * clear; bits 5 and 6 are set when the paper has ended. A byte not shaped like that (another printer's noise) says
 * nothing, so the job is sent rather than held forever.
 */
export function statusSaysPaperEnd(status: number): boolean {
  const isPaperStatus = (status & 0x93) === 0x12;
  return isPaperStatus && (status & 0x60) !== 0;
}

/**
 * Prints `bytes`: connects, asks for the paper status, and unless the printer says its paper ran out writes the
 * job, ends the connection and resolves once the data went out and the printer closed the connection. Throws an
 * Error with a short message ("connection refused", "timed out", "connection reset", …) when the printer cannot
 * be reached or stops reading; the caller tries again later.
 */
export function sendToPrinter(
  addr: PrinterAddress,
  bytes: Uint8Array,
  opts: TransportOptions = {},
): Promise<SendResult> {
  return talkToPrinter(addr, bytes, { ...TRANSPORT_DEFAULTS, ...opts });
}

/**
 * What a printer says now: ONLINE (it took the connection; paper fine or no answer), NO_PAPER (it says its paper
 * ran out) or OFFLINE (refused, timed out, unreachable). Never throws.
 */
export async function queryPrinterState(
  addr: PrinterAddress,
  opts: TransportOptions = {},
): Promise<'ONLINE' | 'OFFLINE' | 'NO_PAPER'> {
  try {
    const result = await talkToPrinter(addr, null, { ...TRANSPORT_DEFAULTS, ...opts });
    return result.state;
  } catch {
    return 'OFFLINE';
  }
}

/**
 * One connection to a printer: connect, ask for the paper status, then (with `bytes`) write the job and wait for
 * the connection to close. Without `bytes` it ends after the status. One promise and one timer for the whole
 * conversation, so that whatever ends it (an answer, an error, a timeout) closes the socket and clears the timer.
 */
function talkToPrinter(
  addr: PrinterAddress,
  bytes: Uint8Array | null,
  opts: Required<TransportOptions>,
): Promise<SendResult> {
  return new Promise<SendResult>((resolve, reject) => {
    const socket = new net.Socket();
    let phase: 'connect' | 'status' | 'write' = 'connect';
    let flushed = false;
    let settled = false;
    let timer: NodeJS.Timeout | undefined;

    const finish = (outcome: SendResult | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const after = (ms: number, then: () => void) => {
      clearTimeout(timer);
      timer = setTimeout(then, ms);
    };
    const timedOut = () => finish(new Error('timed out'));

    const startWriting = () => {
      if (settled) return;
      if (!bytes) {
        finish({ printed: false, state: 'ONLINE' });
        return;
      }
      phase = 'write';
      after(opts.writeTimeoutMs, timedOut);
      socket.end(bytes);
    };

    socket.on('connect', () => {
      phase = 'status';
      after(opts.statusTimeoutMs, startWriting);
      socket.write(PAPER_STATUS_REQUEST);
    });
    socket.on('data', (chunk: Buffer) => {
      // Only the first answer, to the status request, matters; what the printer says later is read and dropped.
      if (phase !== 'status' || chunk.length === 0) return;
      if (statusSaysPaperEnd(chunk[0])) finish({ printed: false, state: 'NO_PAPER' });
      else startWriting();
    });
    socket.on('finish', () => {
      flushed = true;
    });
    socket.on('error', (err: NodeJS.ErrnoException) => finish(networkError(err)));
    socket.on('close', () => {
      if (phase === 'write' && flushed) finish({ printed: true, state: 'ONLINE' });
      else finish(new Error('connection closed by the printer'));
    });

    after(opts.connectTimeoutMs, timedOut);
    socket.setNoDelay(true);
    socket.connect({ host: addr.host, port: addr.port });
  });
}

/** A network error in a few words for the admin's printer list. */
function networkError(err: NodeJS.ErrnoException): Error {
  const message = (() => {
    switch (err.code) {
      case 'ECONNREFUSED':
        return 'connection refused';
      case 'ETIMEDOUT':
        return 'timed out';
      case 'ECONNRESET':
      case 'EPIPE':
        return 'connection reset';
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
        return 'host not found';
      case 'EHOSTUNREACH':
      case 'ENETUNREACH':
        return 'host unreachable';
      default:
        return err.message || 'connection failed';
    }
  })();
  return new Error(message, { cause: err });
}
