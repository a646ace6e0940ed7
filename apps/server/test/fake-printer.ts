import net from 'node:net';
import iconv from 'iconv-lite';

/**
 * A fake network receipt printer for tests, and the ESC/POS decoder it reads jobs with.
 *
 * The decoder turns the bytes a printer receives back into lines: text in the code page chosen by ESC t n (Epson
 * numbers), the bold and size it was printed at, raster images (GS v 0) as `[image W×H]` lines with their count of
 * black dots, and a new document at every cut. It knows the commands the renderer's encoder sends and shows any
 * other command as `[?? xx xx]` in the line, so a test comparing lines notices it.
 *
 * The fake printer is a TCP server on 127.0.0.1 that decodes what each connection sends (a job ends at a cut or
 * when the connection ends), answers real-time status requests (DLE EOT n) with paper present or paper end, and
 * can stop reading (`goSilent`) or stop listening (`refuse`) to play a printer that hangs or is switched off.
 */

/** An image as received: its size in dots, how many of them are black, and the box around them (raster only). */
export interface ImageRecord {
  width: number;
  height: number;
  blackDots: number;
  /** The first and last columns and rows with a black dot; null without black dots or for column images. */
  bounds: { left: number; right: number; top: number; bottom: number } | null;
}

/** One printed line with the style its characters had (double size: size 2; an image line: its record). */
export interface DecodedLine {
  text: string;
  bold: boolean;
  /** The height multiplier of its tallest character (GS !), 1 for a line without text. */
  size: number;
  invert: boolean;
  image?: ImageRecord;
}

export interface DecodedDocument {
  /** The lines as text: an image is `[image 576x24]`. */
  lines: string[];
  details: DecodedLine[];
  /** The lines joined with newlines. */
  text: string;
  images: ImageRecord[];
  /** The bytes of this document as received. */
  raw: Buffer;
  /** Whether it ended with a cut (rather than with the end of the bytes or connection). */
  cut: boolean;
}

export interface DecodedJob extends DecodedDocument {
  receivedAt: Date;
}

/** Epson's ESC t numbers of the code pages the decoder reads (the encoder's 'epson' mapping). */
const CODE_PAGE_NAMES: Record<number, string> = {
  0: 'cp437',
  2: 'cp850',
  3: 'cp860',
  4: 'cp863',
  5: 'cp865',
  13: 'cp857',
  16: 'windows1252',
  17: 'cp866',
  18: 'cp852',
  19: 'cp858',
  46: 'windows1251',
};

const codePageTables = new Map<number, string[]>();

/** The 256 characters of an Epson code page number; unknown pages decode as U+FFFD. */
function codePageTable(page: number): string[] {
  let table = codePageTables.get(page);
  if (table) return table;
  const name = CODE_PAGE_NAMES[page];
  if (name) {
    table = Array.from(iconv.decode(Buffer.from(Array.from({ length: 256 }, (_, i) => i)), name));
    // Epson's PC857 has the euro sign where iconv's cp857 has nothing.
    if (name === 'cp857') table[0xd5] = '€';
  } else {
    table = new Array<string>(256).fill('\ufffd');
  }
  codePageTables.set(page, table);
  return table;
}

const hex = (bytes: ArrayLike<number>) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');

function popcount(byte: number): number {
  let n = 0;
  for (let b = byte; b; b >>= 1) n += b & 1;
  return n;
}

/** The black dots of image data whose layout is not followed (column images). */
function blackOf(data: Uint8Array): Pick<ImageRecord, 'blackDots' | 'bounds'> {
  let blackDots = 0;
  for (const byte of data) blackDots += popcount(byte);
  return { blackDots, bounds: null };
}

/** A raster image: rows of `widthBytes` bytes, the leftmost dot in the high bit, 1 = black. */
function rasterImage(widthBytes: number, height: number, data: Uint8Array): ImageRecord {
  let blackDots = 0;
  let bounds: ImageRecord['bounds'] = null;
  for (let y = 0; y < height; y++) {
    for (let xb = 0; xb < widthBytes; xb++) {
      const byte = data[y * widthBytes + xb];
      if (!byte) continue;
      blackDots += popcount(byte);
      for (let bit = 0; bit < 8; bit++) {
        if (!(byte & (0x80 >> bit))) continue;
        const x = xb * 8 + bit;
        if (!bounds) bounds = { left: x, right: x, top: y, bottom: y };
        bounds.left = Math.min(bounds.left, x);
        bounds.right = Math.max(bounds.right, x);
        bounds.bottom = y;
      }
    }
  }
  return { width: widthBytes * 8, height, blackDots, bounds };
}

export interface EscPosParserHandlers {
  /** A real-time status request DLE EOT n arrived (n = 1…4). */
  onStatusRequest?(n: number): void;
  /** A document ended: at a cut, or at end() when it printed something. */
  onDocument?(doc: DecodedDocument): void;
}

/**
 * A three-byte command (two command bytes and one argument) at `pos`: applies the argument and answers its length, or
 * 0 while the argument has not arrived yet.
 */
function oneArgument(buf: Buffer, pos: number, apply: (n: number) => void): number {
  if (pos + 3 > buf.length) return 0;
  apply(buf[pos + 2]);
  return 3;
}

/**
 * Reads an ESC/POS byte stream as it arrives (commands may be split across chunks). Call end() when the stream
 * ends: the last document, if it printed anything, is handed over then.
 */
export class EscPosParser {
  private pending = Buffer.alloc(0);
  private docStart = 0;
  private docBytes: Buffer[] = [];
  private state = { page: 0, bold: false, width: 1, height: 1, invert: false };
  private line: DecodedLine = this.emptyLine();
  private lines: DecodedLine[] = [];
  private ended = false;

  constructor(private readonly handlers: EscPosParserHandlers = {}) {}

  push(chunk: Uint8Array): void {
    if (this.ended) return;
    this.pending = Buffer.concat([this.pending, chunk]);
    let pos = 0;
    while (pos < this.pending.length) {
      const used = this.step(this.pending, pos);
      if (used === 0) break; // an incomplete command: wait for more bytes
      pos += used;
    }
    this.docBytes.push(this.pending.subarray(this.docStart, pos));
    this.pending = this.pending.subarray(pos);
    this.docStart = 0;
  }

  end(): void {
    if (this.ended) return;
    if (this.pending.length) this.addText(`[truncated ${hex(this.pending)}]`);
    this.ended = true;
    this.endLine(false);
    const printed = this.lines.some((l) => l.text !== '' || l.image);
    if (printed) this.endDocument(false, this.pending.length);
  }

  private emptyLine(): DecodedLine {
    return { text: '', bold: false, size: 1, invert: false };
  }

  /** Decodes one command or character at `pos`; returns how many bytes it took, 0 when they have not all come. */
  private step(buf: Buffer, pos: number): number {
    const b = buf[pos];
    const need = (n: number) => (pos + n <= buf.length ? n : 0);
    const arg = (i: number) => buf[pos + i];

    if (b >= 0x20) {
      this.addText(codePageTable(this.state.page)[b]);
      return 1;
    }
    switch (b) {
      case 0x0a:
        this.endLine(true);
        return 1;
      case 0x0d:
        return 1;
      case 0x10: {
        // DLE EOT n (status) and DLE ENQ n (recovery): real-time commands of three bytes.
        if (!need(3)) return 0;
        if (arg(1) === 0x04) this.handlers.onStatusRequest?.(arg(2));
        else if (arg(1) !== 0x05) this.unknown(buf, pos, 3);
        return 3;
      }
      case 0x1b:
        return this.escape(buf, pos);
      case 0x1c: {
        if (!need(2)) return 0;
        if (arg(1) !== 0x2e && arg(1) !== 0x26) this.unknown(buf, pos, 2);
        return 2;
      }
      case 0x1d:
        return this.groupSeparator(buf, pos);
      default:
        this.unknown(buf, pos, 1);
        return 1;
    }
  }

  /** ESC commands. */
  private escape(buf: Buffer, pos: number): number {
    if (pos + 2 > buf.length) return 0;
    const cmd = buf[pos + 1];
    const withArg = (apply: (n: number) => void) => oneArgument(buf, pos, apply);
    switch (cmd) {
      case 0x40: // ESC @: initialize
        this.state = { page: 0, bold: false, width: 1, height: 1, invert: false };
        return 2;
      case 0x32: // ESC 2: default line spacing
        return 2;
      case 0x45: // ESC E n: bold
        return withArg((n) => (this.state.bold = (n & 1) === 1));
      case 0x74: // ESC t n: code page
        return withArg((n) => (this.state.page = n));
      case 0x21: // ESC ! n: print mode (bold, double height, double width)
        return withArg((n) => {
          this.state.bold = (n & 0x08) !== 0;
          this.state.height = n & 0x10 ? 2 : 1;
          this.state.width = n & 0x20 ? 2 : 1;
        });
      case 0x4d: // ESC M n: font
      case 0x61: // ESC a n: alignment
      case 0x2d: // ESC - n: underline
      case 0x34: // ESC 4 n: italic
      case 0x33: // ESC 3 n: line spacing
      case 0x4a: // ESC J n: feed n dots
      case 0x64: // ESC d n: feed n lines
        return withArg(() => {});
      case 0x70: // ESC p m t1 t2: drawer pulse
        return pos + 5 <= buf.length ? 5 : 0;
      case 0x2a: {
        // ESC * m nL nH d…: a column image, one (m 0, 1) or three (m 32, 33) bytes per column.
        if (pos + 5 > buf.length) return 0;
        const m = buf[pos + 2];
        const columns = buf[pos + 3] + 256 * buf[pos + 4];
        const perColumn = m >= 32 ? 3 : 1;
        const total = 5 + columns * perColumn;
        if (pos + total > buf.length) return 0;
        this.addImage({ width: columns, height: perColumn * 8, ...blackOf(buf.subarray(pos + 5, pos + total)) });
        return total;
      }
      default:
        this.unknown(buf, pos, 2);
        return 2;
    }
  }

  /** GS commands. */
  private groupSeparator(buf: Buffer, pos: number): number {
    if (pos + 2 > buf.length) return 0;
    const cmd = buf[pos + 1];
    const withArg = (apply: (n: number) => void) => oneArgument(buf, pos, apply);
    switch (cmd) {
      case 0x21: // GS ! n: character size
        return withArg((n) => {
          this.state.width = (n >> 4) + 1;
          this.state.height = (n & 0x0f) + 1;
        });
      case 0x42: // GS B n: white on black
        return withArg((n) => (this.state.invert = (n & 1) === 1));
      case 0x56: {
        // GS V m (m 0, 1, 48, 49) or GS V m n (m 65, 66, 97, 98): cut
        if (pos + 3 > buf.length) return 0;
        const m = buf[pos + 2];
        const length = m >= 65 ? 4 : 3;
        if (pos + length > buf.length) return 0;
        this.endLine(false);
        this.endDocument(true, pos + length);
        return length;
      }
      case 0x76: {
        // GS v 0 m xL xH yL yH d…: a raster image, xL + 256 xH bytes across and yL + 256 yH rows.
        if (pos + 8 > buf.length) return 0;
        const widthBytes = buf[pos + 4] + 256 * buf[pos + 5];
        const height = buf[pos + 6] + 256 * buf[pos + 7];
        const total = 8 + widthBytes * height;
        if (pos + total > buf.length) return 0;
        this.addImage(rasterImage(widthBytes, height, buf.subarray(pos + 8, pos + total)));
        return total;
      }
      case 0x50: // GS P x y: motion units
      case 0x4c: // GS L nL nH: left margin
      case 0x57: // GS W nL nH: print area width
        return pos + 4 <= buf.length ? 4 : 0;
      case 0x28: {
        // GS ( fn pL pH …: a function with pL + 256 pH bytes of parameters
        if (pos + 5 > buf.length) return 0;
        const total = 5 + buf[pos + 3] + 256 * buf[pos + 4];
        return pos + total <= buf.length ? total : 0;
      }
      default:
        this.unknown(buf, pos, 2);
        return 2;
    }
  }

  private addText(chars: string): void {
    this.line.text += chars;
    if (chars.trim() === '') return; // padding spaces say nothing about the line's style
    this.line.bold ||= this.state.bold;
    this.line.invert ||= this.state.invert;
    this.line.size = Math.max(this.line.size, this.state.height);
  }

  /** An image is a line of its own: text before it (without a line feed) is ended first. */
  private addImage(image: ImageRecord): void {
    this.endLine(false);
    const text = `[image ${image.width}x${image.height}]`;
    this.lines.push({ text, bold: false, size: 1, invert: false, image });
  }

  private unknown(buf: Buffer, pos: number, length: number): void {
    this.line.text += `[?? ${hex(buf.subarray(pos, pos + length))}]`;
  }

  /** Ends the current line: at a line feed always (an empty line is a feed), otherwise only if it has text. */
  private endLine(feed: boolean): void {
    if (feed || this.line.text !== '') this.lines.push(this.line);
    this.line = this.emptyLine();
  }

  /** Hands over the document of the lines so far; its bytes end at `end` in the pending buffer. */
  private endDocument(cut: boolean, end: number): void {
    const raw = Buffer.concat([...this.docBytes, this.pending.subarray(this.docStart, end)]);
    this.docBytes = [];
    this.docStart = end;
    const details = this.lines;
    this.lines = [];
    const lines = details.map((l) => l.text);
    this.handlers.onDocument?.({
      lines,
      details,
      text: lines.join('\n'),
      images: details.flatMap((l) => (l.image ? [l.image] : [])),
      raw,
      cut,
    });
  }
}

/** Decodes a whole byte stream: its documents, one per cut (and the rest after the last cut, if it prints). */
export function decodeEscPos(bytes: Uint8Array): DecodedDocument[] {
  const docs: DecodedDocument[] = [];
  const parser = new EscPosParser({ onDocument: (doc) => docs.push(doc) });
  parser.push(bytes);
  parser.end();
  return docs;
}

/**
 * The answer to DLE EOT n, as an Epson printer gives it: fixed bits 1 and 4 set; n = 4 (paper roll sensor) sets
 * bits 2–3 (near end) and 5–6 (end) without paper; n = 1 sets bit 3 (offline) and n = 2 bit 5 (stopped for paper).
 */
export function statusByte(n: number, paperOut: boolean): number {
  const fixed = n === 1 ? 0x16 : 0x12;
  if (!paperOut) return fixed;
  if (n === 4) return fixed | 0x0c | 0x60;
  if (n === 1) return fixed | 0x08;
  if (n === 2) return fixed | 0x20;
  return fixed;
}

export interface FakePrinterOptions {
  /** The port to listen on (default: any free port). */
  port?: number;
  paperOut?: boolean;
  /** Whether status requests are answered (default true; many real printers never answer them). */
  answersStatus?: boolean;
}

export interface FakePrinter {
  readonly host: string;
  readonly port: number;
  /** The jobs received so far, in order. */
  readonly jobs: DecodedJob[];
  /** Connections accepted so far (status queries included). */
  readonly connections: number;
  /** Status requests (DLE EOT n) received so far. */
  readonly statusRequests: number;
  /** Resolves with the first `n` jobs as soon as they have arrived; rejects after `timeoutMs`. */
  waitForJobs(n: number, timeoutMs?: number): Promise<DecodedJob[]>;
  /** Answer status requests with paper end (true) or paper present (false). Jobs sent anyway are still recorded. */
  setPaperOut(out: boolean): void;
  /** Answer status requests (true) or ignore them like many printers do (false). */
  setAnswersStatus(answers: boolean): void;
  /** From now on accept connections but never read them nor answer (`false`: read new connections again). */
  goSilent(silent?: boolean): void;
  /** Stop listening and drop open connections: connecting is refused until resume(). */
  refuse(): Promise<void>;
  /** Listen again on the same port. */
  resume(): Promise<void>;
  close(): Promise<void>;
}

interface JobWaiter {
  n: number;
  resolve(jobs: DecodedJob[]): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

export async function startFakePrinter(opts: FakePrinterOptions = {}): Promise<FakePrinter> {
  const host = '127.0.0.1';
  const jobs: DecodedJob[] = [];
  const sockets = new Set<net.Socket>();
  const waiters = new Set<JobWaiter>();
  let paperOut = opts.paperOut ?? false;
  let answersStatus = opts.answersStatus ?? true;
  let silent = false;
  let listening = false;
  let connections = 0;
  let statusRequests = 0;

  const addJob = (doc: DecodedDocument) => {
    jobs.push({ ...doc, receivedAt: new Date() });
    for (const waiter of waiters) {
      if (jobs.length < waiter.n) continue;
      waiters.delete(waiter);
      clearTimeout(waiter.timer);
      waiter.resolve(jobs.slice(0, waiter.n));
    }
  };

  // Paused on connect: a silent printer never reads, so the sender's data and its end stay unread.
  const server = net.createServer({ pauseOnConnect: true }, (socket) => {
    connections++;
    sockets.add(socket);
    socket.on('error', () => {}); // the sender may reset the connection: that is its right
    socket.on('close', () => sockets.delete(socket));
    if (silent) return;

    const parser = new EscPosParser({
      onStatusRequest: (n) => {
        statusRequests++;
        if (answersStatus && !socket.destroyed) socket.write(Buffer.of(statusByte(n, paperOut)));
      },
      onDocument: addJob,
    });
    socket.on('data', (chunk: Buffer) => parser.push(chunk));
    socket.on('end', () => parser.end());
    socket.on('close', () => parser.end());
    socket.resume();
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        listening = true;
        resolve();
      });
    });

  const stopListening = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!listening) return resolve();
      listening = false;
      server.close(() => resolve());
    });

  await listen(opts.port ?? 0);
  const port = (server.address() as net.AddressInfo).port;

  return {
    host,
    port,
    jobs,
    get connections() {
      return connections;
    },
    get statusRequests() {
      return statusRequests;
    },
    waitForJobs(n, timeoutMs = 5000) {
      if (jobs.length >= n) return Promise.resolve(jobs.slice(0, n));
      return new Promise<DecodedJob[]>((resolve, reject) => {
        const waiter: JobWaiter = {
          n,
          resolve,
          reject,
          timer: setTimeout(() => {
            waiters.delete(waiter);
            reject(new Error(`fake printer: expected ${n} job(s) within ${timeoutMs} ms, got ${jobs.length}`));
          }, timeoutMs),
        };
        waiters.add(waiter);
      });
    },
    setPaperOut(out) {
      paperOut = out;
    },
    setAnswersStatus(answers) {
      answersStatus = answers;
    },
    goSilent(value = true) {
      silent = value;
    },
    refuse: stopListening,
    async resume() {
      if (!listening) await listen(port);
    },
    async close() {
      await stopListening();
      for (const waiter of waiters) {
        clearTimeout(waiter.timer);
        waiter.reject(new Error(`fake printer closed while waiting for ${waiter.n} job(s)`));
      }
      waiters.clear();
    },
  };
}
