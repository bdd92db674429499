import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSerializerCompiler, undeclaredField } from '../src/lib/serializer';

const Row = z.object({ id: z.number().int(), name: z.string(), tags: z.array(z.object({ t: z.string() })) });
const Answer = z.object({ list: z.array(Row), total: z.number().int(), note: z.string().default('') });

function appAnswering(check: boolean, answer: unknown) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler(check));
  app.get('/x', { schema: { response: { 200: Answer } } }, async () => answer as z.infer<typeof Answer>);
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

  it('writes the answer as it is in production (the tests checked the handlers)', async () => {
    const res = await appAnswering(false, good).inject('/x');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(JSON.stringify(good));
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify(good))));
  });
});
