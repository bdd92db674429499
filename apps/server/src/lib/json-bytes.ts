/**
 * The JSON of an answer as UTF-8 bytes, byte for byte what JSON.stringify writes, made in pieces.
 *
 * JSON.stringify builds a long answer as a chain of string parts, and writing it then cost more
 * than making it: Fastify measures its byte length (which first joins the chain into one string)
 * and the socket encodes it to UTF-8 again. For a 200-number search's 436 KB answer that
 * was ~7 ms of a ~20 ms request on the benchmark machine; in pieces of up to PIECE_CHARS
 * characters, each encoded once while it is small, the whole answer costs ~2.3 ms and is written
 * as it is (decision 0013).
 *
 * Plain objects are walked key by key and arrays of objects element by element, each element
 * (a part row, a group of rows) written whole by JSON.stringify, as is everything else (a string,
 * an array of numbers, a Date or any object with toJSON).
 */
const PIECE_CHARS = 16 * 1024;

/** JSON.stringify writes no member for these. */
function isUnwritten(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return (proto === Object.prototype || proto === null) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

function isArrayOfObjects(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.length > 0 && typeof value[0] === 'object' && value[0] !== null;
}

class PieceWriter {
  private readonly buffers: Buffer[] = [];
  private pending = '';

  write(text: string): void {
    this.pending += text;
    if (this.pending.length >= PIECE_CHARS) this.flush();
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    this.buffers.push(Buffer.from(this.pending, 'utf8'));
    this.pending = '';
  }

  bytes(): Buffer {
    this.flush();
    return this.buffers.length === 1 ? this.buffers[0]! : Buffer.concat(this.buffers);
  }
}

function writeValue(out: PieceWriter, value: unknown): void {
  if (isArrayOfObjects(value)) {
    out.write('[');
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out.write(',');
      out.write(JSON.stringify(value[i]) ?? 'null');
    }
    out.write(']');
  } else if (isPlainObject(value)) {
    out.write('{');
    let first = true;
    for (const key of Object.keys(value)) {
      const member = value[key];
      if (isUnwritten(member)) continue;
      out.write(`${first ? '' : ','}${JSON.stringify(key)}:`);
      first = false;
      writeValue(out, member);
    }
    out.write('}');
  } else {
    out.write(JSON.stringify(value));
  }
}

/** The bytes of JSON.stringify(value) (value must not be undefined, a function or a symbol). */
export function jsonBytes(value: unknown): Buffer {
  const out = new PieceWriter();
  writeValue(out, value);
  return out.bytes();
}

/**
 * What an answer may carry, compiled once per route from its response schema (serializer.ts):
 * jsonBytesProjected writes only the fields it declares. Values are written as they are (no
 * defaults, no transforms), so an answer that holds only declared fields is written byte for byte
 * as jsonBytes writes it.
 *
 *  - any: anything, as it is (z.any(), z.unknown()).
 *  - leaf: a string, number, boolean, null or Date, as it is; never an object.
 *  - object: the declared members (`rest`: a catchall's members); any other member is left out.
 *  - array, tuple, record (`keys`: the only keys an enum-keyed record may have).
 *  - union: the first option the value fits without leaving anything out, else the first whose
 *    `accepts` (the option's zod schema) takes the value.
 *  - tagged: a discriminated union, the option named by the value's `tag` member.
 *  - lazy: a recursive schema's node (`target` is set once compiled).
 *  - encode: a shape not compiled (a transform, a custom check, an intersection ...): the value as
 *    its zod schema encodes it, which drops what the schema does not declare.
 */
export type Projection =
  | { readonly kind: 'any' }
  | { readonly kind: 'leaf' }
  | {
      readonly kind: 'object';
      readonly members: ReadonlyMap<string, Projection>;
      readonly rest: Projection | undefined;
    }
  | { readonly kind: 'array'; readonly element: Projection }
  | { readonly kind: 'tuple'; readonly items: readonly Projection[]; readonly rest: Projection | undefined }
  | { readonly kind: 'record'; readonly keys: ReadonlySet<string> | undefined; readonly value: Projection }
  | {
      readonly kind: 'union';
      readonly options: readonly Projection[];
      readonly accepts: readonly ((value: unknown) => boolean)[];
    }
  | { readonly kind: 'tagged'; readonly tag: string; readonly options: ReadonlyMap<unknown, Projection> }
  | { readonly kind: 'lazy'; target: Projection | undefined }
  | { readonly kind: 'encode'; readonly encode: (value: unknown) => unknown };

/**
 * The answer does not have the shape its projection declares (an object where a string is
 * declared, a union no option of which takes it ...): the caller falls back to the zod schema,
 * which either drops what it does not declare or refuses the answer.
 */
export class ProjectionMismatch extends Error {
  constructor(what: string) {
    super(`the answer does not have its declared shape: ${what}`);
    this.name = 'ProjectionMismatch';
  }
}

function isLeafValue(value: unknown): boolean {
  return typeof value !== 'object' || value === null || value instanceof Date;
}

function resolved(node: Projection): Exclude<Projection, { kind: 'lazy' }> {
  let n = node;
  while (n.kind === 'lazy') {
    if (!n.target) throw new Error('a lazy projection was used before it was compiled');
    n = n.target;
  }
  return n;
}

/**
 * Whether JSON.stringify(value) writes exactly what the projection writes: the value holds no
 * field the projection leaves out and has the declared shape. (The fast path: such a value, a
 * part row most often, is written whole by JSON.stringify.)
 */
function fits(node: Projection, value: unknown): boolean {
  if (value === null || value === undefined || typeof value === 'function' || typeof value === 'symbol') return true;
  const n = resolved(node);
  switch (n.kind) {
    case 'any':
      return true;
    case 'leaf':
      return isLeafValue(value);
    case 'object': {
      if (!isPlainObject(value)) return false;
      const { members, rest } = n;
      for (const key in value) {
        const member = value[key];
        if (isUnwritten(member)) continue;
        const child = members.get(key) ?? rest;
        if (child === undefined || !fits(child, member)) return false;
      }
      return true;
    }
    case 'array': {
      if (!Array.isArray(value)) return false;
      for (const element of value) if (!fits(n.element, element)) return false;
      return true;
    }
    case 'tuple': {
      if (!Array.isArray(value)) return false;
      for (let i = 0; i < value.length; i++) {
        const child = n.items[i] ?? n.rest;
        if (child === undefined || !fits(child, value[i])) return false;
      }
      return true;
    }
    case 'record': {
      if (!isPlainObject(value)) return false;
      for (const key in value) {
        const member = value[key];
        if (isUnwritten(member)) continue;
        if ((n.keys && !n.keys.has(key)) || !fits(n.value, member)) return false;
      }
      return true;
    }
    case 'union':
      return n.options.some((option) => fits(option, value));
    case 'tagged': {
      if (!isPlainObject(value)) return false;
      const option = n.options.get(value[n.tag]);
      return option !== undefined && fits(option, value);
    }
    case 'encode':
      return false;
  }
}

function writeMembers(
  out: PieceWriter,
  value: Record<string, unknown>,
  childOf: (key: string) => Projection | undefined,
): void {
  out.write('{');
  let first = true;
  for (const key of Object.keys(value)) {
    const member = value[key];
    if (isUnwritten(member)) continue;
    const child = childOf(key);
    if (child === undefined) continue;
    out.write(`${first ? '' : ','}${JSON.stringify(key)}:`);
    first = false;
    writeProjected(out, member, child);
  }
  out.write('}');
}

function writeElements(out: PieceWriter, value: unknown[], childAt: (index: number) => Projection | undefined): void {
  out.write('[');
  for (let i = 0; i < value.length; i++) {
    const child = childAt(i);
    if (child === undefined) throw new ProjectionMismatch(`an array longer than its tuple`);
    if (i > 0) out.write(',');
    const element = value[i];
    // A part row, a group of rows: written whole when it holds only what is declared.
    if (fits(child, element)) out.write(JSON.stringify(element) ?? 'null');
    else writeProjected(out, element, child);
  }
  out.write(']');
}

function writeProjected(out: PieceWriter, value: unknown, node: Projection): void {
  if (value === null || value === undefined || typeof value === 'function' || typeof value === 'symbol') {
    out.write(JSON.stringify(value) ?? 'null');
    return;
  }
  const n = resolved(node);
  switch (n.kind) {
    case 'any':
      writeValue(out, value);
      return;
    case 'leaf':
      if (!isLeafValue(value)) throw new ProjectionMismatch('an object where a value is declared');
      out.write(JSON.stringify(value));
      return;
    case 'object':
      if (!isPlainObject(value)) throw new ProjectionMismatch('not a plain object where an object is declared');
      writeMembers(out, value, (key) => n.members.get(key) ?? n.rest);
      return;
    case 'record':
      if (!isPlainObject(value)) throw new ProjectionMismatch('not a plain object where a record is declared');
      writeMembers(out, value, (key) => (n.keys && !n.keys.has(key) ? undefined : n.value));
      return;
    case 'array':
      if (!Array.isArray(value)) throw new ProjectionMismatch('not an array where an array is declared');
      if (!isArrayOfObjects(value) && fits(n, value)) out.write(JSON.stringify(value));
      else writeElements(out, value, () => n.element);
      return;
    case 'tuple':
      if (!Array.isArray(value)) throw new ProjectionMismatch('not an array where a tuple is declared');
      writeElements(out, value, (i) => n.items[i] ?? n.rest);
      return;
    case 'union': {
      let option = n.options.find((o) => fits(o, value));
      if (option === undefined) {
        const i = n.accepts.findIndex((accepts) => accepts(value));
        if (i < 0) throw new ProjectionMismatch('no option of a union takes the value');
        option = n.options[i]!;
      }
      writeProjected(out, value, option);
      return;
    }
    case 'tagged': {
      const option = isPlainObject(value) ? n.options.get(value[n.tag]) : undefined;
      if (option === undefined) throw new ProjectionMismatch(`no option of a union is tagged so (${n.tag})`);
      writeProjected(out, value, option);
      return;
    }
    case 'encode':
      writeValue(out, n.encode(value));
      return;
  }
}

/**
 * The bytes jsonBytes(value) writes, with only the fields the projection declares. Throws
 * ProjectionMismatch when the value does not have the declared shape.
 */
export function jsonBytesProjected(value: unknown, projection: Projection): Buffer {
  const out = new PieceWriter();
  writeProjected(out, value, projection);
  return out.bytes();
}
