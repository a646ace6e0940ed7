import type { Namespace, Server, Socket } from 'socket.io';
import {
  PRINT_AGENT_JOB_EVENT,
  PRINT_AGENT_NAMESPACE,
  PRINT_AGENT_REFUSED,
  readAnswer,
  type PrintAgentJob,
  type PrintAgentResult,
} from '../../print-agent/protocol.js';

/** The live device of a token, or null for a token that is unknown or revoked. Throws when it cannot tell. */
export type ResolveDevice = (token: string) => Promise<{ eateryId: number; deviceId: number } | null>;

interface AgentData {
  eateryId: number;
  deviceId: number;
}

/** Longer than any token a device is given (43 characters): a longer one is refused without a database look-up. */
const TOKEN_MAX = 200;

/**
 * The print agents connected to THIS server instance, by restaurant. An agent runs on a machine in the restaurant,
 * connects out to the server (socket.io namespace PRINT_AGENT_NAMESPACE) with a registered device's token and prints
 * the jobs it is sent on the restaurant's network. With several server instances an agent is connected to one of
 * them only, so everything here is local state: `isConnected` says whether this instance can print through an agent
 * of the restaurant, and the print worker of this instance only takes the jobs it can send.
 *
 * A restaurant may run several agents: jobs go to the one that connected last (the others stay as spares and take
 * over when it goes).
 */
export class AgentHub {
  private nsp: Namespace | null = null;
  /** Connected agent sockets per restaurant, in the order they connected. */
  private readonly agents = new Map<number, Socket[]>();
  private readonly listeners = new Set<(eateryId: number) => void>();

  /** Opens the namespace on the socket.io server: an agent is let in when its token is a live device's. */
  attach(io: Server, resolveDevice: ResolveDevice): void {
    if (this.nsp) throw new Error('AgentHub is attached already');
    const nsp = io.of(PRINT_AGENT_NAMESPACE);
    this.nsp = nsp;
    nsp.use(async (socket, next) => {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string' || token.length === 0 || token.length > TOKEN_MAX) {
        return next(new Error(PRINT_AGENT_REFUSED));
      }
      let device: AgentData | null;
      try {
        device = await resolveDevice(token);
      } catch {
        // The database could not tell (the caller logged why): the agent tries again later.
        return next(new Error('unavailable'));
      }
      if (!device) return next(new Error(PRINT_AGENT_REFUSED));
      socket.data = { eateryId: device.eateryId, deviceId: device.deviceId } satisfies AgentData;
      next();
    });
    nsp.on('connection', (socket) => this.added(socket));
  }

  /** Whether an agent of the restaurant is connected to this instance. */
  isConnected(eateryId: number): boolean {
    return this.agents.has(eateryId);
  }

  /** The restaurants with an agent connected to this instance. */
  connectedEateries(): number[] {
    return [...this.agents.keys()];
  }

  /**
   * Calls `listener` with the restaurant's id whenever one of its agents connects or disconnects; returns a function
   * that stops that.
   */
  onChange(listener: (eateryId: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Disconnects the agents of a device (it was revoked); they are refused when they try again. */
  dropDevice(deviceId: number): void {
    for (const sockets of this.agents.values()) {
      for (const socket of [...sockets]) {
        if ((socket.data as AgentData).deviceId === deviceId) socket.disconnect(true);
      }
    }
  }

  /**
   * Sends a job to the restaurant's agent and waits for the printer's result. Rejects with the agent's error (the
   * printer could not be reached), or 'agent not connected', 'agent disconnected', 'agent timed out', or
   * 'agent answered badly'.
   */
  async send(eateryId: number, job: PrintAgentJob, timeoutMs = 15_000): Promise<PrintAgentResult> {
    const sockets = this.agents.get(eateryId);
    const socket = sockets?.[sockets.length - 1];
    if (!socket) throw new Error('agent not connected');

    // socket.io drops the ack of a socket that disconnects (its timer would still run out): answer at once instead.
    let onDisconnect = () => {};
    const lost = new Promise<never>((_, reject) => {
      onDisconnect = () => reject(new Error('agent disconnected'));
      socket.once('disconnect', onDisconnect);
    });
    const answered = socket
      .timeout(timeoutMs)
      .emitWithAck(PRINT_AGENT_JOB_EVENT, job)
      .catch(() => {
        throw new Error('agent timed out');
      });
    let raw: unknown;
    try {
      raw = await Promise.race([answered, lost]);
    } finally {
      socket.off('disconnect', onDisconnect);
      // Whichever lost the race must not become an unhandled rejection.
      answered.catch(() => {});
      lost.catch(() => {});
    }

    const answer = readAnswer(raw);
    if (!answer) throw new Error('agent answered badly');
    if (!answer.ok) throw new Error(answer.error);
    return { printed: answer.printed, state: answer.state };
  }

  private added(socket: Socket) {
    const { eateryId } = socket.data as AgentData;
    const sockets = this.agents.get(eateryId);
    if (sockets) sockets.push(socket);
    else this.agents.set(eateryId, [socket]);
    socket.once('disconnect', () => this.removed(socket));
    this.changed(eateryId);
  }

  private removed(socket: Socket) {
    const { eateryId } = socket.data as AgentData;
    const rest = (this.agents.get(eateryId) ?? []).filter((s) => s !== socket);
    if (rest.length > 0) this.agents.set(eateryId, rest);
    else this.agents.delete(eateryId);
    this.changed(eateryId);
  }

  private changed(eateryId: number) {
    for (const listener of [...this.listeners]) {
      try {
        listener(eateryId);
      } catch {
        // A listener's failure must not keep the others from hearing, nor break the socket's handling.
      }
    }
  }
}
