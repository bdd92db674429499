import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';
import { jsonBytes } from './json-bytes';

/**
 * Writes each route's answer as JSON (as UTF-8 bytes: json-bytes.ts), checked against the route's zod response
 * schema in every environment but production (`check`): there the answer must pass the schema
 * and hold no field the schema does not declare, so a test fails when a handler breaks its
 * contract or would leak a field. Production trusts the handlers the tests checked and writes
 * them as they are.
 *
 * (fast-json-stringify, compiled from the schema, wrote a 200-number search's ~530 part rows in
 * 11.0 ms, JSON.stringify in 4.2 ms: its string escaping runs in JavaScript character by
 * character. A zod encode plus JSON.stringify, for every answer, took five times as long.)
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

export function createSerializerCompiler(check: boolean): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const zodSchema = zodSchemaOf(schema);
    return (data) => {
      if (check) {
        const result = z.safeEncode(zodSchema, data);
        if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
        const difference = undeclaredField(data, result.data);
        if (difference) {
          const issue = { code: 'custom' as const, path: [], input: data, message: `fields differ at ${difference}` };
          throw new ResponseSerializationError(method, url, { cause: new z.ZodError([issue]) });
        }
      }
      // Fastify sends a Buffer as it is; the declared type only knows strings.
      return jsonBytes(data) as unknown as string;
    };
  };
}
