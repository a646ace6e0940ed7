/**
 * The guests' HTTP client: one keep-alive TCP connection per guest and requests written as pre-built bytes, so that
 * the load generator, which shares the machine's cores with the server and the database, spends as little CPU as
 * possible on what is not measured. What reaches the server is what a browser sends: an HTTP/1.1 POST with Host,
 * Content-Type, Cookie (the device id), a fresh Idempotency-Key per order (the guest app sends one with every cart),
 * Content-Length and the JSON body. Every answer is read whole (status line, headers, Content-Length bytes of body)
 * and checked: the caller gets the status and the body text.
 */
import { connect, type Socket } from 'node:net';

export interface Answer {
  status: number;
  body: string;
}

const CRLF2 = Buffer.from('\r\n\r\n');

/**
 * One guest's requests: each on a free keep-alive connection of the guest, a new one when all are busy (in the
 * open-loop phase a guest's next order may be due before its last one is answered); no pipelining.
 */
export class GuestClient {
  private readonly connections: Connection[] = [];

  constructor(
    private readonly port: number,
    private readonly path: string,
    private readonly headers: Record<string, string>,
    private readonly body: string,
  ) {}

  /** Posts the order with this Idempotency-Key; resolves with the whole answer. */
  post(idempotencyKey: string): Promise<Answer> {
    let connection = this.connections.find((c) => !c.busy);
    if (!connection) {
      connection = new Connection(this.port, this.path, this.headers, this.body);
      this.connections.push(connection);
    }
    return connection.post(idempotencyKey);
  }

  close() {
    for (const c of this.connections) c.close();
  }
}

/** One keep-alive connection, one request at a time. */
class Connection {
  private socket: Socket | null = null;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (a: Answer) => void; reject: (e: Error) => void } | null = null;
  /** Request bytes before and after the idempotency key. */
  private readonly head: Buffer;
  private readonly tail: Buffer;

  constructor(
    private readonly port: number,
    path: string,
    headers: Record<string, string>,
    body: string,
  ) {
    const payload = Buffer.from(body);
    const lines = [
      `POST ${path} HTTP/1.1`,
      `host: 127.0.0.1:${port}`,
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      `content-length: ${payload.length}`,
      'connection: keep-alive',
    ];
    this.head = Buffer.from(`${lines.join('\r\n')}\r\nidempotency-key: `);
    this.tail = Buffer.concat([CRLF2, payload]);
  }

  get busy() {
    return this.waiting !== null;
  }

  post(idempotencyKey: string): Promise<Answer> {
    if (this.waiting) return Promise.reject(new Error('one request at a time'));
    const socket = this.socket ?? this.open();
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      socket.write(Buffer.concat([this.head, Buffer.from(idempotencyKey), this.tail]));
    });
  }

  close() {
    this.socket?.destroy();
    this.socket = null;
  }

  private open(): Socket {
    const socket = connect({ port: this.port, host: '127.0.0.1', noDelay: true });
    this.buffer = Buffer.alloc(0);
    // Events of a socket this connection has already dropped (close()) are ignored.
    socket.on('data', (chunk: Buffer) => {
      if (this.socket === socket) this.onData(chunk);
    });
    const lost = (err: Error) => {
      if (this.socket === socket) this.fail(err);
    };
    socket.on('error', lost);
    socket.on('close', () => lost(new Error('connection closed by the server')));
    this.socket = socket;
    return socket;
  }

  private onData(chunk: Buffer) {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const end = this.buffer.indexOf(CRLF2);
    if (end < 0) return;
    const head = this.buffer.toString('latin1', 0, end);
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) {
      this.fail(new Error(`answer without content-length: ${head.slice(0, 200)}`));
      return;
    }
    const total = end + 4 + Number(length[1]);
    if (this.buffer.length < total) return;
    const body = this.buffer.toString('utf8', end + 4, total);
    this.buffer = this.buffer.subarray(total);
    if (/\r\nconnection: *close/i.test(head)) this.close();
    const w = this.waiting;
    this.waiting = null;
    w?.resolve({ status, body });
  }

  private fail(err: Error) {
    const w = this.waiting;
    this.waiting = null;
    this.close();
    w?.reject(err);
  }
}
