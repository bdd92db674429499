import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/errors';

/**
 * Refuses, for every route in one place, what no field may hold: a NUL character (U+0000).
 * PostgreSQL cannot store it in text, so it would otherwise end as a server fault. Query
 * strings, URL params and parsed bodies (JSON, urlencoded) are checked before validation;
 * multipart text fields and file names as the route reads them (`request.parts()`).
 */
export const NUL_TEXT = '请求参数错误：内容不能包含空字符';

/** Whether a parsed value (strings, arrays, plain objects; keys too) holds a NUL character. */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      pending.push(...item);
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, v] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        pending.push(v);
      }
    }
  }
  return false;
}

const nulError = () => new HttpError(400, NUL_TEXT);

interface MultipartPart {
  type?: string;
  fieldname?: string;
  filename?: string;
  value?: unknown;
}
type PartsReader = (...args: unknown[]) => AsyncIterableIterator<MultipartPart>;

/** `request.parts()` that refuses a field, field name or file name holding a NUL character. */
function guardMultipart(request: FastifyRequest) {
  const target = request as unknown as { parts?: PartsReader };
  const parts = target.parts;
  if (typeof parts !== 'function') return;
  target.parts = function guardedParts(...args: unknown[]) {
    const inner = parts.apply(request, args);
    return (async function* () {
      for await (const part of inner) {
        if (containsNul([part.fieldname, part.filename, part.type === 'field' ? part.value : undefined])) {
          throw nulError();
        }
        yield part;
      }
    })();
  };
}

export default fp(async function requestGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) throw nulError();
    if (request.headers['content-type']?.toLowerCase().startsWith('multipart/')) guardMultipart(request);
  });
});
