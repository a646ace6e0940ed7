/**
 * Building blocks of the route fuzz test (fuzz-routes.test.ts): the routes of the OpenAPI document, fast-check
 * arbitraries derived from their JSON schemas (values that fit, values that nearly fit, junk), request plans whose
 * ids are placeholders resolved against the current fixtures at send time, and a cheap checksum of every table.
 */
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { ERROR_KEYS } from '@qr-menu/contract';

// ---------------------------------------------------------------------------------------------------------------
// Routes

/** The part of a JSON schema (OpenAPI 3.0 as @fastify/swagger writes it, or 2020-12 from zod) the fuzzer reads. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
}

export interface Param {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

export interface Operation {
  method: string;
  /** Fastify form: `/api/eatery/:id/table/:tableId`. */
  url: string;
  pathParams: Param[];
  queryParams: Param[];
  /** The JSON body schema, when the route reads one. */
  body?: JsonSchema;
  /** The route reads a multipart form (category and dish forms). */
  multipart: boolean;
  /** False for routes the router has but the OpenAPI document does not list (fuzzed without schemas). */
  documented: boolean;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  description?: string;
}

export interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/**
 * Every operation of the OpenAPI document. Routes that read a multipart form declare no body schema there (the
 * handler parses it); `formSchemas` supplies their `data` schema, keyed `METHOD /fastify/url`.
 */
export function operationsFromOpenApi(doc: OpenApiDoc, formSchemas: Record<string, JsonSchema>): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    const url = path.replace(/\{([^}]+)\}/g, ':$1');
    for (const [m, op] of Object.entries(methods)) {
      const method = m.toUpperCase();
      if (method === 'HEAD' || method === 'OPTIONS') continue; // sent as a variant of GET below
      const params = op.parameters ?? [];
      const toParam = (p: (typeof params)[number]): Param => ({
        name: p.name,
        schema: p.schema ?? {},
        required: p.required ?? false,
      });
      const key = `${method} ${url}`;
      const multipart = key in formSchemas || /multipart\/form-data/.test(op.description ?? '');
      ops.push({
        method,
        url,
        pathParams: params.filter((p) => p.in === 'path').map(toParam),
        queryParams: params.filter((p) => p.in === 'query').map(toParam),
        body: op.requestBody?.content?.['application/json']?.schema ?? formSchemas[key],
        multipart,
        documented: true,
      });
    }
  }
  return ops.sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
}

// ---------------------------------------------------------------------------------------------------------------
// Placeholders for real ids

/** What an id (path parameter or body field) refers to. */
export type Kind =
  | 'eatery'
  | 'owner'
  | 'user'
  | 'table'
  | 'assignment'
  | 'order'
  | 'item'
  | 'dish'
  | 'category'
  | 'department'
  | 'image'
  | 'catalogKey'
  | 'catalogImage';

/** A real id of the fuzzed restaurant (A) or of another one (B), resolved when the request is sent. */
export class Ref {
  constructor(
    readonly kind: Kind,
    readonly tenant: 'A' | 'B',
    /** In a path: the real id written another way (`01`, `0x1`, `1e0`...), which must not resolve. */
    readonly form?: IdForm,
  ) {}
  toString() {
    return `ref(${this.kind},${this.tenant}${this.form ? `,${this.form}` : ''})`;
  }
}

/** Ways to write a number that are not plain decimal digits. */
export const ID_FORMS = {
  leadingZero: (id: number) => `0${id}`,
  hex: (id: number) => `0x${id.toString(16)}`,
  exponent: (id: number) => `${id}e0`,
  plus: (id: number) => `%2B${id}`,
  decimal: (id: number) => `${id}.0`,
  space: (id: number) => `%20${id}`,
  arabicIndic: (id: number) =>
    encodeURIComponent(String(id).replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d)))),
} as const;
export type IdForm = keyof typeof ID_FORMS;

/** The kind of id a parameter or field name refers to; undefined when the name is not an id. */
export function kindOf(name: string): Kind | undefined {
  const n = name.toLowerCase();
  if (n === 'id' || n === 'eateryid' || n === 'restaurantid') return 'eatery';
  if (n === 'categorykey') return 'catalogKey';
  if (n === 'name' || n === 'image') return undefined;
  if (n.includes('assign')) return 'assignment';
  if (n.includes('item')) return 'item';
  if (n.includes('order')) return 'order';
  if (n.includes('dish')) return 'dish';
  if (n.includes('categor')) return 'category';
  if (n.includes('depart')) return 'department';
  if (n.includes('table')) return 'table';
  if (n.includes('image')) return 'image';
  if (n.includes('user') || n.includes('waiter')) return 'user';
  return undefined;
}

/** Replaces every Ref in a generated value by the id it stands for. */
export function resolveRefs(value: unknown, resolve: (ref: Ref) => string | number): unknown {
  if (value instanceof Ref) return resolve(value);
  if (Buffer.isBuffer(value)) return value;
  if (Array.isArray(value)) return value.map((v) => resolveRefs(v, resolve));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      Object.defineProperty(out, k, { value: resolveRefs(v, resolve), enumerable: true, writable: true });
    }
    return out;
  }
  return value;
}

// ---------------------------------------------------------------------------------------------------------------
// Values

/** Strings that have broken parsers before: invisible and bidi characters, lone surrogates, NUL, markup, SQL. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202Eevil',
  '\u200B\u200B\u200B',
  '\uFEFF',
  '\uD800',
  '\uDFFF\uD800',
  '🍕🍔🌮',
  'Məmmədova Ğİıöşüç',
  'Ёжик в тумане',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '../../../../etc/passwd',
  '%00',
  '0x1',
  '1e0',
  '01',
  '-1',
  '1.5',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  '2147483648',
  '99999999999999999999999',
  'CREATED',
  'PAID',
  'EATERY_ADMIN',
];

const NASTY_NUMBERS = [
  0,
  -0,
  -1,
  1,
  1.5,
  -1.5,
  0.1 + 0.2,
  2147483647,
  2147483648,
  -2147483649,
  4294967296,
  2 ** 53 - 1,
  2 ** 53 + 2,
  1e21,
  1e308,
  -1e308,
  5e-324,
];

/** Long strings: at, around and far past the usual limits (255, 2000, the 64 KB form data limit). */
const hugeString = fc
  .tuple(fc.constantFrom('x', 'é', '🍕', '\u200B', '7', ' '), fc.constantFrom(101, 256, 501, 2001, 70_000))
  .map(([unit, n]) => unit.repeat(n));

const anyString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 10 }) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 1, arbitrary: hugeString },
);

const anyNumber = fc.oneof(
  fc.constantFrom(...NASTY_NUMBERS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const ANY_KIND: Kind[] = ['eatery', 'user', 'table', 'order', 'item', 'dish', 'category', 'department'];

/** A real id of any kind, of either restaurant. */
const anyRef = fc
  .tuple(fc.constantFrom(...ANY_KIND), fc.constantFrom<'A' | 'B'>('A', 'A', 'B'))
  .map(([kind, tenant]) => new Ref(kind, tenant));

/** Any JSON value or nearly one: every type, deep and shallow, with nasty strings and numbers. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 3, arbitrary: anyString },
  { weight: 2, arbitrary: anyNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], [0], [[]], { '': null }) },
  { weight: 1, arbitrary: anyRef },
);

/** `arb` once in `oneIn` draws, else null. */
function sometimes<T>(arb: fc.Arbitrary<T>, oneIn: number): fc.Arbitrary<T | null> {
  return fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb });
}

/** Plausible values for field names whose formats are hard to hit by chance. */
function hint(name: string): fc.Arbitrary<unknown> | undefined {
  const n = name.toLowerCase();
  if (n === 'email' || n === 'username') {
    return fc.oneof(
      { weight: 1, arbitrary: fc.emailAddress() },
      { weight: 3, arbitrary: fc.stringMatching(/^[a-z0-9]{3,10}$/).map((x) => `fuzz.${x}@example.com`) },
      { weight: 1, arbitrary: fc.constantFrom('a@b.co', 'Fuzz@Example.COM', 'x@y') },
    );
  }
  if (n === 'password') {
    return fc.constantFrom('secret123', 'password1', 'Pa55word!', 'gizli parol 1', 'пароль123', 'short1', '12345678');
  }
  if (n === 'timezone') return fc.constantFrom('Asia/Baku', 'UTC', 'Europe/Moscow', 'Mars/Olympus', '');
  if (n === 'phone' || n === 'phones') return fc.constantFrom('+994501234567', '123', '');
  if (n === 'name') return fc.constantFrom('Fuzz Place', 'Məmmədova', 'Ёлка', 'x', '  ', 'Bar & Grill');
  if (n === 'price') return fc.oneof(fc.constantFrom(0, 4.5, '4.50', '1,5', -1, 99999999.99, 1e9), anyNumber);
  if (n === 'from' || n === 'to' || n === 'timestamp') {
    return fc.oneof(
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
      fc.constantFrom('2024-02-30', '2024-13-01', 'today', '0000-00-00', '9999-12-31T23:59:59Z'),
    );
  }
  if (n === 'image') return fc.constantFrom('plov.webp', 'nope.webp', '../x', null);
  return undefined;
}

const typesOf = (s: JsonSchema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/** Strings of the schema's pattern when fast-check can produce them (no lookaheads), else plain strings. */
function patternString(s: JsonSchema): fc.Arbitrary<string> {
  const max = Math.min(s.maxLength ?? 40, 40);
  const plain = fc.string({ minLength: Math.min(s.minLength ?? 0, max), maxLength: max });
  if (!s.pattern) return plain;
  try {
    return fc.stringMatching(new RegExp(s.pattern), { size: 'xsmall' }).filter((x) => x.length <= (s.maxLength ?? 1e9));
  } catch {
    return plain;
  }
}

/** Values that fit the schema (their parts may still be junk, see `valueFor`). */
function fitting(s: JsonSchema, name: string, depth: number): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [];
  if (s.enum) options.push(fc.constantFrom(...s.enum));
  if ('const' in s) options.push(fc.constant(s.const));
  for (const sub of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) {
    options.push(fitting(sub, name, depth));
  }
  const kind = kindOf(name);
  for (const type of typesOf(s)) {
    if (type === 'null') options.push(fc.constant(null));
    else if (type === 'boolean') options.push(fc.boolean());
    else if (type === 'integer' || type === 'number') {
      if (kind) options.push(fc.constantFrom(new Ref(kind, 'A'), new Ref(kind, 'A'), new Ref(kind, 'B')));
      const min = (s.minimum ?? -(2 ** 31)) + (s.exclusiveMinimum === true ? 1 : 0);
      const max = Math.min(s.maximum ?? 2 ** 31, 2 ** 31);
      options.push(type === 'integer' ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true }));
    } else if (type === 'string') {
      if (kind) options.push(fc.constantFrom(new Ref(kind, 'A'), new Ref(kind, 'B')).map((r) => r));
      if (!s.enum) options.push(patternString(s));
    } else if (type === 'array') {
      const items = s.items ?? {};
      const max = Math.min(s.maxItems ?? 4, 4);
      options.push(
        fc.array(valueFor(items, name, depth + 1), { minLength: Math.min(s.minItems ?? 0, max), maxLength: max }),
      );
    } else if (type === 'object' || s.properties) {
      options.push(objectFor(s, depth));
    }
  }
  if (!s.type && s.properties) options.push(objectFor(s, depth));
  if (s.nullable) options.push(fc.constant(null));
  const fallback = options.length > 0 ? fc.oneof(...options) : junkValue;
  // A hint (a plausible e-mail, password, date...) for scalar fields: patterns are hard to hit by chance.
  const h = typesOf(s).some((t) => t === 'array' || t === 'object') ? undefined : hint(name);
  return h ? fc.oneof({ weight: 3, arbitrary: h }, { weight: 1, arbitrary: fallback }) : fallback;
}

/** An object with the schema's fields (required ones mostly present), sometimes with unknown extra keys. */
function objectFor(s: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const props = s.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, sub] of Object.entries(props)) model[key] = valueFor(sub, key, depth + 1);
  const required = (s.required ?? []).filter((k) => k in model);
  const record = fc.oneof(
    { weight: 4, arbitrary: fc.record(model, { requiredKeys: required }) },
    { weight: 1, arbitrary: fc.record(model, { requiredKeys: [] }) },
  );
  const extra = fc.dictionary(
    fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'constructor')),
    junkValue,
    {
      maxKeys: 2,
    },
  );
  return fc.tuple(record, sometimes(extra, 6)).map(([obj, more]) => {
    const out = { ...(obj as Record<string, unknown>) };
    for (const [k, v] of Object.entries(more ?? {})) Object.defineProperty(out, k, { value: v, enumerable: true });
    return out;
  });
}

/** Mostly a fitting value, sometimes junk in its place: every level of a body gets both. */
export function valueFor(s: JsonSchema, name: string, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 4) return fc.oneof(fc.constant(null), anyString, anyNumber);
  return fc.oneof({ weight: 9, arbitrary: fitting(s, name, depth) }, { weight: 1, arbitrary: junkValue });
}

/** A whole body: schema-shaped, the schema's field names with junk values, or any JSON value at all. */
export function bodyValue(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const options: fc.WeightedArbitrary<unknown>[] = [{ weight: 2, arbitrary: junkValue }];
  if (schema) {
    options.push({ weight: 5, arbitrary: fitting(schema, 'body', 0) });
    const names = [
      ...Object.keys(schema.properties ?? {}),
      ...(schema.anyOf ?? []).flatMap((s) => Object.keys(s.properties ?? s.items?.properties ?? {})),
      ...Object.keys(schema.items?.properties ?? {}),
    ];
    if (names.length > 0) {
      const junkFields = fc.dictionary(fc.constantFrom(...names), junkValue, { maxKeys: names.length });
      options.push({ weight: 2, arbitrary: junkFields });
      options.push({ weight: 1, arbitrary: fc.array(junkFields, { maxLength: 2 }) });
    }
  }
  return fc.oneof(...options);
}

// ---------------------------------------------------------------------------------------------------------------
// Path and query

/** Path segments that are not plain ids, already URL-encoded as a client would send them (or would not). */
const JUNK_SEGMENTS = [
  '0',
  '-1',
  '01',
  '0x1',
  '1e0',
  '+1',
  '%201',
  '1%20',
  '1.0',
  '1.5',
  '2147483647',
  '2147483648',
  '4294967297',
  '9007199254740993',
  '99999999999999999999999',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '%5B%5D',
  '%7B%7D',
  '%00',
  '%',
  '%E0%A4%A',
  '%C0%AF',
  '%2e%2e',
  '..',
  '.',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%D9%A1%D9%A2', // Arabic-Indic digits
  '%EF%BC%91', // fullwidth 1
  '1;select 1',
  '1%27--',
  'x'.repeat(300),
  '9'.repeat(2000),
];

/** Encodes a generated string for a URL; a lone surrogate (which encodeURIComponent refuses) as its raw bytes. */
export function encodeSegment(raw: string): string {
  try {
    return encodeURIComponent(raw);
  } catch {
    return '%ED%A0%80';
  }
}

const junkSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...JUNK_SEGMENTS) },
  { weight: 2, arbitrary: fc.integer({ min: -(2 ** 31), max: 2 ** 40 }).map(String) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).map(encodeSegment) },
);

/** A path parameter: a real id of the restaurant (mostly), another restaurant's id, or junk. */
export function pathParamValue(name: string): fc.Arbitrary<Ref | string> {
  const kind = name === 'name' ? 'catalogImage' : kindOf(name);
  if (!kind) return junkSegment;
  const own: Ref[] = kind === 'user' ? [new Ref('user', 'A'), new Ref('owner', 'A')] : [new Ref(kind, 'A')];
  const options: fc.WeightedArbitrary<Ref | string>[] = [
    { weight: 8, arbitrary: fc.constantFrom(...own) },
    { weight: 1, arbitrary: fc.constant(new Ref(kind === 'user' ? 'owner' : kind, 'B')) },
    { weight: 2, arbitrary: junkSegment },
  ];
  if (kind !== 'catalogImage' && kind !== 'catalogKey') {
    const forms = Object.keys(ID_FORMS) as IdForm[];
    const rewritten = fc
      .tuple(fc.constantFrom(...own), fc.constantFrom(...forms))
      .map(([r, form]) => new Ref(r.kind, r.tenant, form));
    options.push({ weight: 1, arbitrary: rewritten });
  }
  return fc.oneof(...options);
}

/** A query string (without '?'): the declared parameters with fitting or junk values, extra keys, raw junk. */
export function queryValue(params: Param[]): fc.Arbitrary<string> {
  const declared: Record<string, fc.Arbitrary<unknown>> = {};
  for (const p of params) declared[p.name] = valueFor(p.schema, p.name);
  const pairs = fc
    .tuple(
      fc.record(declared, { requiredKeys: [] }),
      fc.array(
        fc.tuple(fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom(...params.map((p) => p.name), 'x')), anyString),
        {
          maxLength: 3,
        },
      ),
    )
    .map(([known, extra]) => {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(known)) q.append(k, typeof v === 'string' ? v : JSON.stringify(v ?? null));
      for (const [k, v] of extra) q.append(k, v);
      return q.toString();
    });
  const raw = fc.constantFrom(
    '%',
    'a=%zz',
    '&&&=&',
    'status=CREATED&status=PAID&status=',
    'status[]=PAID',
    'from=2024-01-01&to=2023-01-01',
    'role=WAITER&role=NOPE',
    '__proto__[x]=1',
    'a=1&'.repeat(1500),
  );
  return fc.oneof({ weight: 5, arbitrary: pairs }, { weight: 1, arbitrary: raw });
}

// ---------------------------------------------------------------------------------------------------------------
// Whole requests

export type Auth = 'owner' | 'waiter' | 'none' | 'garbage' | 'expired' | 'forged';
export type Cookie = 'none' | 'refresh' | 'junkRefresh' | 'junkDevice' | 'huge';

export interface MultipartPart {
  name: string;
  value: unknown;
  filename?: string;
  contentType?: string;
  /** A real photo instead of `value`. */
  photo?: boolean;
}

export type BodyPlan =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string | null; text: string }
  | { kind: 'form'; value: unknown }
  | { kind: 'multipart'; parts: MultipartPart[]; damage: 'none' | 'truncate' | 'wrongBoundary' | 'noBoundary' };

export interface RequestPlan {
  method: string;
  pathValues: Record<string, Ref | string>;
  query: string;
  auth: Auth;
  cookie: Cookie;
  idempotencyKey: string | null;
  ifNoneMatch: string | null;
  body: BodyPlan;
}

/** Header-safe text (visible ASCII): what a real client can put into a header. */
const headerText = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 }),
  fc.constantFrom('', 'a'.repeat(300), '00000000-0000-0000-0000-000000000000', '*', 'W/"x"'),
);

const RAW_BODIES = [
  '{',
  '{"a":',
  '[',
  '"unterminated',
  '{"a":1}{"b":2}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  'NaN',
  '\u0000',
  '\uFEFF{}',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
  '['.repeat(5000) + ']'.repeat(5000),
  `{"x":"${'y'.repeat(1_100_000)}"}`, // over Fastify's 1 MB body limit
];

const RAW_TYPES = [
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'application/xml',
  'text/html',
  'application/octet-stream',
  'image/png',
  '*/*',
  'application/json, text/plain',
  'multipart/mixed',
];

function multipartPlan(schema: JsonSchema | undefined): fc.Arbitrary<BodyPlan> {
  const names = ['data', 'image', ...Object.keys(schema?.properties ?? {})];
  const part: fc.Arbitrary<MultipartPart> = fc.record(
    {
      name: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...names) },
        { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
      ),
      value: fc.oneof(
        { weight: 3, arbitrary: bodyValue(schema).map((v) => ({ json: v })) },
        { weight: 2, arbitrary: junkValue },
        { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)) },
      ),
      filename: fc.constantFrom('photo.webp', 'data.json', '../../x.png', '', 'ф.png'),
      contentType: fc.constantFrom('application/json', 'image/webp', 'image/png', 'text/plain', 'x/x', ''),
      photo: fc.boolean(),
    },
    { requiredKeys: ['name', 'value'] },
  );
  return fc.record({
    kind: fc.constant('multipart' as const),
    parts: fc.array(part, { maxLength: 4 }),
    damage: fc.constantFrom('none', 'none', 'none', 'truncate', 'wrongBoundary', 'noBoundary'),
  });
}

export function bodyPlan(op: Operation): fc.Arbitrary<BodyPlan> {
  const hasBody = op.method === 'POST' || op.method === 'PUT' || op.method === 'PATCH';
  const json = bodyValue(op.body).map((value) => ({ kind: 'json' as const, value }));
  const raw = fc.oneof(
    fc.record({
      kind: fc.constant('raw' as const),
      contentType: fc.constant('application/json'),
      text: fc.constantFrom(...RAW_BODIES),
    }),
    fc.record({ kind: fc.constant('raw' as const), contentType: fc.constant('text/plain'), text: anyString }),
    fc.record({
      kind: fc.constant('raw' as const),
      contentType: fc.constantFrom(...RAW_TYPES),
      text: fc.oneof(
        anyString,
        bodyValue(op.body).map((v) => JSON.stringify(v) ?? ''),
      ),
    }),
    fc.record({ kind: fc.constant('raw' as const), contentType: fc.constant(null), text: anyString }),
  );
  const form = bodyValue(op.body).map((value) => ({ kind: 'form' as const, value }));
  const none = fc.constant({ kind: 'none' as const });
  if (!hasBody) {
    // Routes without a body still get one now and then: it must be ignored or refused, never crash.
    return fc.oneof({ weight: 8, arbitrary: none }, { weight: 1, arbitrary: json }, { weight: 1, arbitrary: raw });
  }
  return fc.oneof(
    { weight: op.multipart ? 3 : 6, arbitrary: json },
    { weight: 2, arbitrary: raw },
    { weight: 1, arbitrary: form },
    { weight: op.multipart ? 5 : 1, arbitrary: multipartPlan(op.body) },
    { weight: 1, arbitrary: none },
  );
}

export function requestPlan(op: Operation): fc.Arbitrary<RequestPlan> {
  const pathValues: Record<string, fc.Arbitrary<Ref | string>> = {};
  for (const p of op.pathParams) pathValues[p.name] = pathParamValue(p.name);
  // Router-only routes have no parameter list: read the names from the URL.
  for (const m of op.url.matchAll(/:([A-Za-z0-9_]+)/g)) pathValues[m[1]] ??= pathParamValue(m[1]);
  if (op.url.includes('*')) pathValues['*'] = fc.oneof(junkSegment, fc.constantFrom('index.css', 'swagger-ui.css'));
  return fc.record({
    method: op.method === 'GET' ? fc.constantFrom('GET', 'GET', 'GET', 'HEAD') : fc.constant(op.method),
    pathValues: fc.record(pathValues),
    query: fc.oneof({ weight: 2, arbitrary: fc.constant('') }, { weight: 3, arbitrary: queryValue(op.queryParams) }),
    auth: fc.oneof(
      { weight: 12, arbitrary: fc.constant<Auth>('owner') },
      { weight: 2, arbitrary: fc.constant<Auth>('waiter') },
      { weight: 1, arbitrary: fc.constantFrom<Auth>('none', 'garbage', 'expired', 'forged') },
      { weight: 1, arbitrary: fc.constant<Auth>('none') },
    ),
    cookie: fc.constantFrom<Cookie>(
      'none',
      'none',
      'none',
      'none',
      'none',
      'refresh',
      'junkRefresh',
      'junkDevice',
      'huge',
    ),
    idempotencyKey: sometimes(headerText, 3),
    ifNoneMatch: sometimes(headerText, 8),
    body: bodyPlan(op),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Encoding

/** A value as a form field: strings as they are, everything else as JSON. */
export function fieldText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'json' in value)
    return JSON.stringify((value as { json: unknown }).json) ?? '';
  return JSON.stringify(value) ?? '';
}

export function formUrlEncoded(value: unknown): string {
  const q = new URLSearchParams();
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) q.append(k, fieldText(v));
  } else {
    q.append('data', fieldText(value));
  }
  return q.toString();
}

export function multipartBody(
  parts: MultipartPart[],
  damage: 'none' | 'truncate' | 'wrongBoundary' | 'noBoundary',
  photo: Buffer,
): { payload: Buffer; contentType: string } {
  const boundary = `----fuzz${randomBytes(6).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name.replace(/["\r\n]/g, '_')}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename.replace(/["\r\n]/g, '_')}"`;
    head += '\r\n';
    if (p.contentType) head += `Content-Type: ${p.contentType}\r\n`;
    const value = p.photo ? photo : Buffer.isBuffer(p.value) ? p.value : Buffer.from(fieldText(p.value));
    chunks.push(Buffer.from(`${head}\r\n`), value, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  let payload = Buffer.concat(chunks);
  if (damage === 'truncate') payload = payload.subarray(0, Math.floor(payload.length / 2));
  const contentType =
    damage === 'wrongBoundary'
      ? 'multipart/form-data; boundary=----other'
      : damage === 'noBoundary'
        ? 'multipart/form-data'
        : `multipart/form-data; boundary=${boundary}`;
  return { payload, contentType };
}

// ---------------------------------------------------------------------------------------------------------------
// Checks

const KEYS = new Set<string>(ERROR_KEYS);

/** Why a 4xx answer does not have the `{messageKey, message, details?}` shape, or null when it has. */
export function errorBodyProblem(res: LightMyRequestResponse): string | null {
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return 'the body is not JSON';
  }
  if (body === null || typeof body !== 'object') return 'the body is not an object';
  const { messageKey, message, details } = body as Record<string, unknown>;
  if (typeof messageKey !== 'string' || !KEYS.has(messageKey))
    return `messageKey ${String(messageKey)} is not an ERROR_KEY`;
  if (typeof message !== 'string' || message.length === 0) return 'message is missing';
  if (details !== undefined) {
    const ok =
      Array.isArray(details) &&
      details.every(
        (d) => d && typeof d === 'object' && typeof d.field === 'string' && typeof d.messageKey === 'string',
      );
    if (!ok) return 'details is not a list of {field, messageKey}';
  }
  return null;
}

/** Decimal digits without a leading zero: the only path ids a server may resolve. */
export const CANONICAL_ID = /^[1-9]\d*$/;

// ---------------------------------------------------------------------------------------------------------------
// Database checksum

interface Rows {
  rows: Record<string, unknown>[];
}
interface RawExecutor {
  execute(query: string): Promise<unknown>;
}

/** The base tables of the public schema, for the checksum. */
export async function listTables(db: RawExecutor): Promise<string[]> {
  const res = (await db.execute(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as Rows;
  return res.rows.map((r) => String(r.name));
}

/**
 * One query: per table, its row count and an md5 of all its rows as text (every column, in a stable order), so
 * any insert, update or delete shows. Cheap on the small fixtures of the fuzz test.
 */
export function checksumQuery(tables: string[]): string {
  return tables
    .map(
      (t) =>
        `select '${t}' as t, count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as h ` +
        `from "${t}" x`,
    )
    .join(' union all ');
}

export async function checksum(db: RawExecutor, query: string): Promise<Map<string, string>> {
  const res = (await db.execute(query)) as Rows;
  return new Map(res.rows.map((r) => [String(r.t), String(r.h)]));
}

/** The tables whose checksums differ. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((t) => before.get(t) !== after.get(t)).sort();
}
