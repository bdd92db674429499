import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonBytes } from '../src/lib/json-bytes';
import { compileProjection, createSerializerCompiler, undeclaredField } from '../src/lib/serializer';

const Row = z.object({ id: z.number().int(), name: z.string(), tags: z.array(z.object({ t: z.string() })) });
const Answer = z.object({ list: z.array(Row), total: z.number().int(), note: z.string().default('') });

function appAnswering(check: boolean, answer: unknown, schema: z.ZodType = Answer) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler(check));
  app.get('/x', { schema: { response: { 200: schema } } }, async () => answer as never);
  return app;
}

describe('response serializer', () => {
  const good = { list: [{ id: 1, name: '刹车片', tags: [{ t: 'A' }] }], total: 1, note: '' };

  it('finds the first field that differs from the schema, however deep', () => {
    const encode = (v: unknown) => z.encode(Answer, v as z.infer<typeof Answer>);
    expect(undeclaredField(good, encode(good))).toBeUndefined();
    const leaking = { ...good, list: [{ ...good.list[0]!, tags: [{ t: 'A', secret: 'x' }] }] };
    expect(undeclaredField(leaking, encode(leaking))).toBe('$.list[0].tags[0].secret (not in the response schema)');
    const { note: _note, ...withoutNote } = good;
    expect(() => encode(withoutNote)).toThrow();
    // An undefined field is an absent one, as JSON.stringify writes it.
    expect(undeclaredField({ ...good, extra: undefined }, encode(good))).toBeUndefined();
  });

  it('checks the answer outside production: a field the schema does not declare is an error, not a leak', async () => {
    const ok = await appAnswering(true, good).inject('/x');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual(good);
    const leak = await appAnswering(true, { ...good, password_hash: 'x' }).inject('/x');
    expect(leak.statusCode).toBe(500);
    expect(leak.body).not.toContain('password_hash":"x');
    const wrongType = await appAnswering(true, { ...good, total: '1' }).inject('/x');
    expect(wrongType.statusCode).toBe(500);
  });

  it('writes the answer as it is in production when it holds only declared fields', async () => {
    const res = await appAnswering(false, good).inject('/x');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(JSON.stringify(good));
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify(good))));
  });

  it('leaves out, in production, a field the schema does not declare: top-level, and in objects in an array', async () => {
    const leaking = {
      ...good,
      password_hash: 'x',
      list: [
        { id: 1, name: '刹车片', tags: [{ t: 'A' }] },
        { id: 2, secret: 's', name: '滤清器', tags: [{ t: 'B', cost: '9.90' }, { t: 'C' }] },
      ],
    };
    const declared = { ...good, list: [leaking.list[0], { id: 2, name: '滤清器', tags: [{ t: 'B' }, { t: 'C' }] }] };
    const res = await appAnswering(false, leaking).inject('/x');
    expect(res.statusCode).toBe(200);
    // Byte for byte what the answer without them writes, in the answer's own key order.
    expect(res.body).toBe(JSON.stringify(declared));
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.body)));
  });

  it('leaves out, in production, a field undeclared by the union or discriminated union option the value is', async () => {
    const Line = z.object({ kind: z.literal('part'), id: z.number(), qty: z.number() });
    const Note = z.object({ kind: z.literal('note'), text: z.string(), at: z.string().optional() });
    const Tagged = envelopeOf(z.array(z.discriminatedUnion('kind', [Line, Note])));
    const Plain = envelopeOf(
      z.array(z.union([z.object({ id: z.number(), qty: z.number() }), z.object({ text: z.string() })])),
    );
    const answer = (extra: Record<string, unknown>) => ({
      status: 200,
      msg: 'success',
      data: [
        { kind: 'note', text: '急件', ...extra },
        { kind: 'part', id: 7, ...extra, qty: 2 },
      ],
    });
    const tagged = await appAnswering(false, answer({ cost: '1.00' }), Tagged).inject('/x');
    expect(tagged.body).toBe(JSON.stringify(answer({})));

    const plain = (extra: Record<string, unknown>) => ({
      status: 200,
      msg: 'success',
      data: [
        { text: '急件', ...extra },
        { id: 7, ...extra, qty: 2 },
      ],
    });
    const res = await appAnswering(false, plain({ cost: '1.00' }), Plain).inject('/x');
    expect(res.body).toBe(JSON.stringify(plain({})));
  });

  it('leaves out, in production, undeclared fields of a recursive (lazy) schema and of a nullable, defaulted member', async () => {
    interface Node {
      id: number;
      children: Node[];
    }
    const Tree: z.ZodType<Node> = z.lazy(() => z.object({ id: z.number(), children: z.array(Tree) }));
    const Schema = envelopeOf(z.object({ root: Tree.nullable(), label: z.string().default('') }));
    const data = (extra: object) => ({
      root: { id: 1, ...extra, children: [{ id: 2, children: [{ id: 3, ...extra, children: [] }] }] },
      label: '分类',
      ...extra,
    });
    const res = await appAnswering(false, { status: 200, msg: 'success', data: data({ hidden: 1 }) }, Schema).inject(
      '/x',
    );
    expect(res.body).toBe(JSON.stringify({ status: 200, msg: 'success', data: data({}) }));
    const empty = await appAnswering(false, { status: 200, msg: 'success', data: { root: null } }, Schema).inject('/x');
    expect(empty.body).toBe('{"status":200,"msg":"success","data":{"root":null}}');
  });

  it('in production, an answer without its declared shape goes through the zod encode: dropped fields, or refused', async () => {
    // An object where a string is declared: the schema refuses it rather than writing its fields.
    const wrong = await appAnswering(false, { ...good, note: { password_hash: 'x' } }).inject('/x');
    expect(wrong.statusCode).toBe(500);
    expect(wrong.body).not.toContain('password_hash');
  });

  it('compiles every shape it knows, and writes the others through their zod encode', () => {
    const known = z.object({
      a: z.tuple([z.string(), z.number()], z.boolean()),
      b: z.record(z.enum(['x', 'y']), z.object({ v: z.number() })),
      c: z.looseObject({ k: z.string() }),
      d: z.codec(z.string(), z.number(), { decode: Number, encode: String }),
      e: z.string().readonly().catch('').nullish(),
      f: z.unknown(),
    });
    expect(compileProjection(known).fallbacks).toEqual([]);
    const other = z.object({
      t: z.string().transform((s) => s.length),
      i: z.intersection(Row, z.object({ x: z.string() })),
    });
    expect(compileProjection(other).fallbacks).toEqual(['$.t (pipe)', '$.i (intersection)']);
  });
});

function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ status: z.number().int(), msg: z.string(), data });
}

describe('projection', () => {
  const bytes = (schema: z.ZodType, value: unknown) =>
    // production's serializer, without Fastify around it
    (
      createSerializerCompiler(false)({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as unknown as (
        d: unknown,
      ) => Buffer
    )(value).toString('utf8');

  it('writes exactly what jsonBytes writes when nothing is undeclared', () => {
    const Any = z.object({
      tuple: z.tuple([z.string(), z.object({ k: z.number() })], z.number()),
      record: z.record(z.enum(['x', 'y']), z.object({ v: z.number() })),
      loose: z.looseObject({ k: z.string() }),
      anything: z.unknown(),
      at: z.date(),
      list: z.array(z.string()),
    });
    const value = {
      loose: { k: '键', more: [1, { deep: true }] },
      tuple: ['a', { k: 1 }, 2, 3],
      record: { y: { v: 2 }, x: { v: 1 } },
      anything: { whatever: ['😀\u2028'] },
      at: new Date(Date.UTC(2026, 0, 2)),
      list: ['a', 'b'],
      skipped: undefined,
    };
    expect(bytes(Any, value)).toBe(jsonBytes(value).toString('utf8'));
    expect(bytes(Any, { ...value, tuple: ['a', { k: 1, z: 0 }], record: { x: { v: 1, w: 0 } } })).toBe(
      jsonBytes({ ...value, tuple: ['a', { k: 1 }], record: { x: { v: 1 } } }).toString('utf8'),
    );
  });
});
