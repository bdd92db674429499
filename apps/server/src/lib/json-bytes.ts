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

/**
 * An object JSON.stringify writes as its own enumerable members: not an array, no toJSON. (Its
 * prototype is not asked for, which costs more: an object of a class is checked by for...in,
 * which also meets the members it inherits, a stricter check.)
 */
function isMemberObject(value: object): value is Record<string, unknown> {
  return !Array.isArray(value) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

function isLeafValue(value: unknown): boolean {
  return typeof value !== 'object' || value === null || value instanceof Date;
}

function isUnwrittenOrNull(value: unknown): boolean {
  return value === null || isUnwritten(value);
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
type Fits = (value: unknown) => boolean;

interface MemberCheck {
  /** The member's place among the declared ones. */
  index: number;
  /** 'leaf': a value, never an object; 'any': anything. */
  fits: Fits | 'leaf' | 'any';
}

/**
 * An object's check, member by member: each member is first compared with the one declared after
 * the last it met (handlers make objects with the members in the declared order), which costs a
 * comparison of two interned strings; a member out of that order is looked up by name.
 */
function objectFitsByMember(declared: ReadonlyMap<string, MemberCheck>, rest: Fits | undefined): Fits {
  const keys = [...declared.keys()];
  const members = [...declared.values()];
  return (value) => {
    if (isUnwrittenOrNull(value)) return true;
    if (typeof value !== 'object' || !isMemberObject(value!)) return false;
    let next = 0;
    for (const key in value) {
      const x = value[key];
      let member = members[next];
      if (key !== keys[next]) {
        member = declared.get(key);
        if (member === undefined) {
          if (isUnwritten(x) || (rest !== undefined && rest(x))) continue;
          return false;
        }
      }
      next = member!.index + 1;
      const { fits } = member!;
      if (fits === 'leaf') {
        if (typeof x === 'object' && x !== null && !(x instanceof Date)) return false;
      } else if (fits !== 'any' && !fits(x)) return false;
    }
    return true;
  };
}

/** How many lists of member names an object's check remembers (a row with or without match_kind ...). */
const KNOWN_KEY_LISTS = 8;

/**
 * An object's check: its member names (for...in) are compared with the lists of declared names it
 * met before, and each declared member is read by name, in code made for this object alone
 * (Function: the names are string literals written by JSON.stringify), so V8 reads them as it
 * reads a field. About half the cost of the member-by-member check, which still checks an object whose
 * names are new (and remembers them when all are declared).
 */
function objectFits(declared: ReadonlyMap<string, MemberCheck>, rest: Fits | undefined): Fits {
  const byMember = objectFitsByMember(declared, rest);
  if (rest !== undefined) return byMember;
  const children: Fits[] = [];
  const reads: string[] = [];
  for (const [key, { fits }] of declared) {
    const read = `x = value[${JSON.stringify(key)}];`;
    if (fits === 'leaf')
      reads.push(`${read} if (typeof x === 'object' && x !== null && !(x instanceof Date)) return false;`);
    else if (fits !== 'any') reads.push(`${read} if (!children[${children.push(fits) - 1}](x)) return false;`);
  }
  const source = `return function objectFits(value) {
  if (isUnwrittenOrNull(value)) return true;
  if (typeof value !== 'object' || !isMemberObject(value)) return false;
  let known = false;
  for (let l = 0; l < lists.length && !known; l++) {
    const list = lists[l];
    let i = 0;
    for (const name in value) {
      if (name !== list[i]) { i = -1; break; }
      i++;
    }
    known = i === list.length;
  }
  if (!known) {
    if (!byMember(value)) return false;
    remember(Object.keys(value));
    return true;
  }
  let x;
  ${reads.join('\n  ')}
  return true;
};`;
  const known: string[][] = [];
  const remember = (names: string[]): void => {
    if (known.length < KNOWN_KEY_LISTS && names.every((name) => declared.has(name))) known.push(names);
  };
  // The names are written as JSON string literals.
  const make = new Function(
    'children',
    'byMember',
    'lists',
    'remember',
    'isUnwrittenOrNull',
    'isMemberObject',
    source,
  ) as (...args: unknown[]) => Fits;
  return make(children, byMember, known, remember, isUnwrittenOrNull, isMemberObject);
}

/** The checks of a projection's nodes, each made once. */
class Checks {
  private readonly made = new Map<Projection, Fits>();

  of(node: Projection): Fits {
    let fits = this.made.get(node);
    if (fits === undefined) {
      // A node met again inside itself (a recursive schema) is checked through this one.
      const self: { fits?: Fits } = {};
      this.made.set(node, (value) => self.fits!(value));
      fits = this.make(node);
      self.fits = fits;
      this.made.set(node, fits);
    }
    return fits;
  }

  private make(node: Projection): Fits {
    switch (node.kind) {
      case 'any':
        return () => true;
      case 'leaf':
        return isLeafValue;
      case 'object': {
        const members = new Map<string, MemberCheck>();
        for (const [key, child] of node.members) {
          const n = resolvedOrLazy(child);
          members.set(key, {
            index: members.size,
            fits: n.kind === 'leaf' || n.kind === 'any' ? n.kind : this.of(child),
          });
        }
        return objectFits(members, node.rest && this.of(node.rest));
      }
      case 'array': {
        const element = this.of(node.element);
        return (value) => {
          if (isUnwrittenOrNull(value)) return true;
          if (!Array.isArray(value)) return false;
          for (let i = 0; i < value.length; i++) if (!element(value[i])) return false;
          return true;
        };
      }
      case 'tuple': {
        const items = node.items.map((item) => this.of(item));
        const rest = node.rest && this.of(node.rest);
        return (value) => {
          if (isUnwrittenOrNull(value)) return true;
          if (!Array.isArray(value)) return false;
          for (let i = 0; i < value.length; i++) {
            const item = items[i] ?? rest;
            if (item === undefined || !item(value[i])) return false;
          }
          return true;
        };
      }
      case 'record': {
        const { keys } = node;
        const member = this.of(node.value);
        const leaf = member === isLeafValue;
        return (value) => {
          if (isUnwrittenOrNull(value)) return true;
          if (typeof value !== 'object' || !isMemberObject(value!)) return false;
          for (const key in value) {
            const x = value[key];
            if (isUnwritten(x)) continue;
            if (keys && !keys.has(key)) return false;
            if (leaf ? typeof x === 'object' && x !== null && !(x instanceof Date) : !member(x)) return false;
          }
          return true;
        };
      }
      case 'union': {
        const options = node.options.map((option) => this.of(option));
        return (value) => isUnwrittenOrNull(value) || options.some((fits) => fits(value));
      }
      case 'tagged': {
        const options = new Map([...node.options].map(([tag, option]) => [tag, this.of(option)]));
        return (value) => {
          if (isUnwrittenOrNull(value)) return true;
          if (typeof value !== 'object' || !isMemberObject(value!)) return false;
          const option = options.get(value[node.tag]);
          return option !== undefined && option(value);
        };
      }
      case 'lazy':
        return this.of(resolved(node));
      case 'encode':
        return isUnwrittenOrNull;
    }
  }
}

/** The node itself, or a lazy one's target when it is already compiled (else the lazy node). */
function resolvedOrLazy(node: Projection): Projection {
  return node.kind === 'lazy' && node.target ? resolvedOrLazy(node.target) : node;
}

function writeMembers(
  out: PieceWriter,
  checks: Checks,
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
    writeProjected(out, checks, member, child);
  }
  out.write('}');
}

function writeElements(
  out: PieceWriter,
  checks: Checks,
  value: unknown[],
  childAt: (index: number) => Projection | undefined,
): void {
  out.write('[');
  let last: Projection | undefined;
  let fits: Fits = () => false;
  for (let i = 0; i < value.length; i++) {
    const child = childAt(i);
    if (child === undefined) throw new ProjectionMismatch(`an array longer than its tuple`);
    if (child !== last) {
      last = child;
      fits = checks.of(child);
    }
    if (i > 0) out.write(',');
    const element = value[i];
    // A part row, a group of rows: written whole when it holds only what is declared.
    if (fits(element)) out.write(JSON.stringify(element) ?? 'null');
    else writeProjected(out, checks, element, child);
  }
  out.write(']');
}

function writeProjected(out: PieceWriter, checks: Checks, value: unknown, node: Projection): void {
  if (isUnwrittenOrNull(value)) {
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
      writeMembers(out, checks, value, (key) => n.members.get(key) ?? n.rest);
      return;
    case 'record':
      if (!isPlainObject(value)) throw new ProjectionMismatch('not a plain object where a record is declared');
      writeMembers(out, checks, value, (key) => (n.keys && !n.keys.has(key) ? undefined : n.value));
      return;
    case 'array':
      if (!Array.isArray(value)) throw new ProjectionMismatch('not an array where an array is declared');
      if (!isArrayOfObjects(value) && checks.of(n)(value)) out.write(JSON.stringify(value));
      else writeElements(out, checks, value, () => n.element);
      return;
    case 'tuple':
      if (!Array.isArray(value)) throw new ProjectionMismatch('not an array where a tuple is declared');
      writeElements(out, checks, value, (i) => n.items[i] ?? n.rest);
      return;
    case 'union': {
      let option = n.options.find((o) => checks.of(o)(value));
      if (option === undefined) {
        const i = n.accepts.findIndex((accepts) => accepts(value));
        if (i < 0) throw new ProjectionMismatch('no option of a union takes the value');
        option = n.options[i]!;
      }
      writeProjected(out, checks, value, option);
      return;
    }
    case 'tagged': {
      const option = isPlainObject(value) ? n.options.get(value[n.tag]) : undefined;
      if (option === undefined) throw new ProjectionMismatch(`no option of a union is tagged so (${n.tag})`);
      writeProjected(out, checks, value, option);
      return;
    }
    case 'encode':
      writeValue(out, n.encode(value));
      return;
  }
}

/**
 * The writer of a projection, made once (per route): it writes the bytes jsonBytes(value) writes,
 * with only the fields the projection declares, and throws ProjectionMismatch when the value does
 * not have the declared shape.
 */
export function projectedJsonWriter(projection: Projection): (value: unknown) => Buffer {
  const checks = new Checks();
  return (value) => {
    const out = new PieceWriter();
    writeProjected(out, checks, value, projection);
    return out.bytes();
  };
}

/** projectedJsonWriter(projection)(value), for one value. */
export function jsonBytesProjected(value: unknown, projection: Projection): Buffer {
  return projectedJsonWriter(projection)(value);
}
