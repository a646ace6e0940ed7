import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType } from 'zod/v4/core';

/**
 * Response serialization. fastify-type-provider-zod's serializer validates every response with zod and
 * then calls JSON.stringify: on the staff orders list (40 KB) about as long as the database takes to answer, and
 * twice what fast-json-stringify needs for the same bytes. Here each route's zod response schema is translated once
 * into a JSON Schema for fast-json-stringify, which writes only the declared fields (unknown keys are dropped, as
 * zod's default objects drop them) without validating. The translation covers the zod types whose encoding is a
 * plain copy (objects, arrays, strings, numbers, booleans, null, enums, literals, nullable, optional properties after
 * the required ones); any other schema (transforms, codecs, defaults, unions, dates, records, trim() and the like)
 * keeps zod's own serializer, so its output stays exactly what it was.
 */

export type JsonSchema = Record<string, unknown>;

type Def = $ZodType['_zod']['def'] & Record<string, unknown>;

const defOf = (schema: $ZodType) => schema._zod.def as Def;

/** A check that rewrites the value (trim(), toLowerCase(), overwrite()): encoding is then more than a copy. */
function rewritesValue(def: Def): boolean {
  const checks = (def.checks ?? []) as { _zod: { def: { check: string } } }[];
  return checks.some((c) => c._zod.def.check === 'overwrite');
}

/** The JSON type shared by every value, or null when they differ or one is not a plain JSON value. */
function commonType(values: unknown[]): 'string' | 'number' | 'boolean' | null {
  const types = new Set(values.map((v) => typeof v));
  const [type] = types;
  if (types.size !== 1 || (type !== 'string' && type !== 'number' && type !== 'boolean')) return null;
  return type;
}

function objectSchema(def: Def): JsonSchema | null {
  // Zod's default object drops unknown keys and a strict one refuses them: either way only declared keys are
  // written. A loose object or a catchall keeps extra keys: not a copy of the declared fields.
  const catchall = def.catchall as $ZodType | undefined;
  if (catchall && defOf(catchall).type !== 'never') return null;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [key, value] of Object.entries(def.shape as Record<string, $ZodType>)) {
    const valueDef = defOf(value);
    const optional = valueDef.type === 'optional';
    const property = toJsonSchema(optional ? (valueDef.innerType as $ZodType) : value);
    if (!property) return null;
    // fast-json-stringify writes the required properties first: the keys keep zod's order (the shape's) only
    // when no optional property comes before a required one.
    if (!optional && required.length < Object.keys(properties).length) return null;
    properties[key] = property;
    if (!optional) required.push(key);
  }
  return { type: 'object', properties, required };
}

/**
 * The JSON Schema that makes fast-json-stringify write what `JSON.stringify(z.encode(schema, value))` writes for
 * every valid value, or null when the schema needs zod to encode it.
 */
export function toJsonSchema(schema: $ZodType): JsonSchema | null {
  const def = defOf(schema);
  if (def.coerce || rewritesValue(def)) return null;
  switch (def.type) {
    case 'string':
    case 'boolean':
    case 'null':
      return { type: def.type };
    // Integers too: JSON.stringify writes an integral number as fast-json-stringify's 'number' does.
    case 'number':
      return { type: 'number' };
    case 'enum': {
      const type = commonType(Object.values(def.entries as Record<string, unknown>));
      return type && { type };
    }
    case 'literal': {
      const values = def.values as unknown[];
      return values.length === 1 && (values[0] === null || commonType(values)) ? { const: values[0] } : null;
    }
    case 'nullable': {
      const inner = toJsonSchema(def.innerType as $ZodType);
      return inner && { ...inner, nullable: true };
    }
    case 'array': {
      const items = toJsonSchema(def.element as $ZodType);
      return items && { type: 'array', items };
    }
    case 'object':
      return objectSchema(def);
    // 'optional' only as a property (objectSchema unwraps it): elsewhere undefined has no JSON form.
    default:
      return null;
  }
}

/** One serializer per route and status, from its zod response schema: fast-json-stringify, else zod's own. */
export function compileSerializer(schema: unknown): ((data: unknown) => string) | null {
  if (!(schema instanceof $ZodType)) return null;
  const jsonSchema = toJsonSchema(schema);
  if (!jsonSchema) return null;
  try {
    return fastJson(jsonSchema);
  } catch {
    return null;
  }
}

export const serializerCompiler: FastifySerializerCompiler<unknown> = (routeSchema) =>
  compileSerializer(routeSchema.schema) ??
  zodSerializerCompiler(routeSchema as Parameters<typeof zodSerializerCompiler>[0]);
