import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';
import type * as core from 'zod/v4/core';
import { jsonBytes, projectedJsonWriter, ProjectionMismatch, type Projection } from './json-bytes';

/**
 * Writes each route's answer as JSON (as UTF-8 bytes: json-bytes.ts) with only the fields its zod
 * response schema declares (design.md section 4).
 *
 * In every environment but production (`check`) the answer must pass the schema and hold no field
 * the schema does not declare, so a test fails when a handler breaks its contract or would leak a
 * field. Production does not check each answer against the schema (a zod encode plus
 * JSON.stringify took five times as long as JSON.stringify for a 200-number search's ~530 part
 * rows; fast-json-stringify, compiled from the schema, 2.6 times: its string escaping runs in
 * JavaScript character by character); it writes the answer through the route's projection,
 * compiled once from the schema, which leaves out any field the schema does not declare and
 * writes the rest byte for byte as they are. An answer whose shape the projection cannot explain
 * (an object where a string is declared, say) goes through the zod encode, which drops what it
 * does not declare or refuses the answer.
 */
function zodSchemaOf(schema: unknown): $ZodType {
  if (schema instanceof $ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  if (properties instanceof $ZodType) return properties;
  throw new Error(`response schema is not a zod schema: ${JSON.stringify(schema)}`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/**
 * The first path where the answer holds a field its encoding by the schema dropped (a field the
 * schema does not declare), or undefined when there is none.
 */
export function undeclaredField(answer: unknown, encoded: unknown, path = '$'): string | undefined {
  if (Array.isArray(answer) && Array.isArray(encoded)) {
    for (let i = 0; i < answer.length; i++) {
      const found = undeclaredField(answer[i], encoded[i], `${path}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (!isPlainObject(answer) || !isPlainObject(encoded)) return undefined;
  const present = (o: Record<string, unknown>) => Object.keys(o).filter((k) => o[k] !== undefined);
  const encodedKeys = new Set(present(encoded));
  const answerKeys = present(answer);
  const undeclared = answerKeys.find((k) => !encodedKeys.has(k));
  if (undeclared) return `${path}.${undeclared} (not in the response schema)`;
  for (const k of answerKeys) {
    const found = undeclaredField(answer[k], encoded[k], `${path}.${k}`);
    if (found) return found;
  }
  return undefined;
}

/** Schemas whose values are written as they are: they hold no fields. */
const LEAF_TYPES = new Set<string>([
  'string',
  'number',
  'int',
  'boolean',
  'bigint',
  'symbol',
  'null',
  'undefined',
  'void',
  'never',
  'date',
  'enum',
  'literal',
  'nan',
  'template_literal',
  'success',
]);
/** Schemas around one inner schema whose output has the inner schema's fields. */
const WRAPPER_TYPES = new Set<string>([
  'optional',
  'nullable',
  'default',
  'prefault',
  'catch',
  'readonly',
  'nonoptional',
]);

export interface CompiledProjection {
  projection: Projection;
  /**
   * Where the schema has a shape the projection does not compile (each written through its zod
   * encode): path and zod type, e.g. '$.data.list[] (transform)'. Empty for every route of the app.
   */
  fallbacks: string[];
}

/**
 * The projection of a response schema (json-bytes.ts, Projection): objects → their declared
 * members, arrays → their element, wrappers (optional, nullable, default ...) → their inner
 * schema, a pipe or codec → its output schema (the answer is its output), unions and
 * discriminated unions → their options, records → their values (and keys, when an enum gives
 * them), lazy → the schema it gives (recursion included). Any other shape (a transform, a custom
 * check, an intersection, a map ...) is written through its zod encode and listed in `fallbacks`.
 */
export function compileProjection(schema: $ZodType): CompiledProjection {
  const fallbacks: string[] = [];
  const compiled = new Map<$ZodType, Projection>();

  const encodeWith = (s: $ZodType, path: string): Projection => {
    fallbacks.push(`${path} (${s._zod.def.type})`);
    return { kind: 'encode', encode: (value) => z.encode(s, value as never) };
  };

  const compile = (s: $ZodType, path: string): Projection => {
    const done = compiled.get(s);
    if (done) return done;
    // A schema met again inside itself (a lazy or getter-made recursion) refers to this node.
    const self: { kind: 'lazy'; target: Projection | undefined } = { kind: 'lazy', target: undefined };
    compiled.set(s, self);
    const node = build(s, path);
    self.target = node;
    compiled.set(s, node);
    return node;
  };

  const build = (s: $ZodType, path: string): Projection => {
    const def = s._zod.def;
    if (LEAF_TYPES.has(def.type)) return { kind: 'leaf' };
    if (WRAPPER_TYPES.has(def.type)) return compile((def as core.$ZodOptionalDef).innerType, path);
    switch (def.type) {
      case 'any':
      case 'unknown':
        return { kind: 'any' };
      case 'object': {
        const { shape, catchall } = def as core.$ZodObjectDef;
        const members = new Map<string, Projection>();
        for (const [key, member] of Object.entries(shape)) members.set(key, compile(member, `${path}.${key}`));
        let rest: Projection | undefined;
        if (catchall && catchall._zod.def.type !== 'never') rest = compile(catchall, `${path}.*`);
        return { kind: 'object', members, rest };
      }
      case 'array':
        return { kind: 'array', element: compile((def as core.$ZodArrayDef).element, `${path}[]`) };
      case 'tuple': {
        const { items, rest } = def as core.$ZodTupleDef;
        return {
          kind: 'tuple',
          items: items.map((item, i) => compile(item, `${path}[${i}]`)),
          rest: rest ? compile(rest, `${path}[...]`) : undefined,
        };
      }
      case 'record': {
        const { keyType, valueType, mode } = def as core.$ZodRecordDef;
        const keyValues = keyType._zod.values;
        let keys: Set<string> | undefined;
        if (mode !== 'loose' && keyValues) keys = new Set([...keyValues].map(String));
        else if (mode !== 'loose' && (keyType._zod.def.type !== 'string' || keyType._zod.def.checks?.length)) {
          return encodeWith(s, path);
        }
        return { kind: 'record', keys, value: compile(valueType, `${path}.*`) };
      }
      case 'union': {
        const { options, discriminator, unionFallback } = def as core.$ZodDiscriminatedUnionDef;
        const compiledOptions = options.map((option, i) => compile(option, `${path}|${i}`));
        if (compiledOptions.every((o) => o.kind === 'leaf')) return { kind: 'leaf' };
        if (discriminator !== undefined && !unionFallback) {
          const tagged = new Map<unknown, Projection>();
          options.forEach((option, i) => {
            for (const value of option._zod.propValues?.[discriminator] ?? []) {
              if (!tagged.has(value)) tagged.set(value, compiledOptions[i]!);
            }
          });
          if (tagged.size > 0) return { kind: 'tagged', tag: discriminator, options: tagged };
        }
        const accepts = options.map((option) => (value: unknown) => {
          try {
            return z.safeEncode(option, value as never).success;
          } catch {
            return false; // a transform met while encoding
          }
        });
        return { kind: 'union', options: compiledOptions, accepts };
      }
      case 'pipe': {
        const { out } = def as core.$ZodPipeDef;
        // A .transform() gives no schema of its output.
        if (out._zod.def.type === 'transform') return encodeWith(s, path);
        return compile(out, path);
      }
      case 'lazy':
        return compile((s as core.$ZodLazy)._zod.innerType, path);
      default:
        return encodeWith(s, path);
    }
  };

  return { projection: compile(schema, '$'), fallbacks };
}

/** The answer through the zod encode: what the schema does not declare dropped, or refused. */
function encodedBytes(zodSchema: $ZodType, data: unknown, method: string, url: string): Buffer {
  const result = z.safeEncode(zodSchema, data);
  if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
  return jsonBytes(result.data);
}

export function createSerializerCompiler(check: boolean): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const zodSchema = zodSchemaOf(schema);
    if (check) {
      return (data) => {
        const result = z.safeEncode(zodSchema, data);
        if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
        const difference = undeclaredField(data, result.data);
        if (difference) {
          const issue = { code: 'custom' as const, path: [], input: data, message: `fields differ at ${difference}` };
          throw new ResponseSerializationError(method, url, { cause: new z.ZodError([issue]) });
        }
        // Fastify sends a Buffer as it is; the declared type only knows strings.
        return jsonBytes(data) as unknown as string;
      };
    }
    const write = projectedJsonWriter(compileProjection(zodSchema).projection);
    return (data) => {
      try {
        return write(data) as unknown as string;
      } catch (err) {
        if (!(err instanceof ProjectionMismatch) && !(err instanceof z.ZodError)) throw err;
        return encodedBytes(zodSchema, data, method, url) as unknown as string;
      }
    };
  };
}
