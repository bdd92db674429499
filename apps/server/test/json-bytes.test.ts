import { describe, expect, it } from 'vitest';
import {
  jsonBytes,
  jsonBytesProjected,
  projectedJsonWriter,
  ProjectionMismatch,
  type Projection,
} from '../src/lib/json-bytes';

/** A part row of the size the shop writes (~1 KB of JSON, Chinese included). */
function row(i: number) {
  return {
    product_id: i,
    product_name: `前刹车片总成 ${i}`,
    prices: { price1: '12.00', price2: '13.50' },
    search_numbers: [
      { factory: '博世', search_number: `0986${i}` },
      { factory: 'TRW "GDB"', search_number: `GDB\\${i}\n` },
    ],
    l_model_zh: '宝马5系 E60 2003-2010 520i 523i 525i'.repeat(8),
    video: '',
    match_kind: i % 2 === 0 ? 'oe' : undefined,
  };
}

describe('jsonBytes', () => {
  it('writes the bytes JSON.stringify writes, for answers large and small', () => {
    const answers: unknown[] = [
      { status: 200, msg: 'success', data: null },
      { status: 200, msg: '成功', data: { total: 0, list: [] } },
      {
        status: 200,
        msg: 'success',
        data: { groups: Array.from({ length: 300 }, (_, i) => ({ line: i, list: [row(i), row(i + 1)] })) },
      },
      { status: 200, msg: 'success', data: { total: 2, list: Array.from({ length: 600 }, (_, i) => row(i)) } },
      [1, 'x', null, { a: 1 }],
      [{ a: 1 }, undefined, () => 1, { b: [1, 2] }],
      {
        at: new Date(Date.UTC(2026, 10, 23)),
        skip: undefined,
        fn: () => 1,
        nested: { n: -0, inf: Infinity, emoji: '😀\u2028' },
      },
      { withToJson: { toJSON: () => 'custom' }, nullProto: Object.assign(Object.create(null) as object, { k: '键' }) },
      '字符串',
      42,
      null,
    ];
    for (const answer of answers) {
      expect(jsonBytes(answer).toString('utf8')).toBe(JSON.stringify(answer));
    }
  });

  it('writes a long answer in one buffer of exactly its UTF-8 bytes', () => {
    const answer = { data: { list: Array.from({ length: 1000 }, (_, i) => row(i)) } };
    const bytes = jsonBytes(answer);
    expect(bytes.length).toBe(Buffer.byteLength(JSON.stringify(answer)));
    expect(JSON.parse(bytes.toString('utf8'))).toEqual(JSON.parse(JSON.stringify(answer)));
  });
});

describe('jsonBytesProjected', () => {
  const leaf: Projection = { kind: 'leaf' };
  const object = (keys: string[], extra: Record<string, Projection> = {}): Projection => ({
    kind: 'object',
    members: new Map([...keys.map((k): [string, Projection] => [k, leaf]), ...Object.entries(extra)]),
    rest: undefined,
  });
  const Row = object(['product_id', 'product_name', 'l_model_zh', 'video', 'match_kind'], {
    prices: { kind: 'record', keys: undefined, value: leaf },
    search_numbers: { kind: 'array', element: object(['factory', 'search_number']) },
  });
  const Answer = object(['status', 'msg'], {
    data: object(['total'], { list: { kind: 'array', element: Row } }),
  });
  const answer = (list: unknown[]) => ({ status: 200, msg: 'success', data: { total: list.length, list } });

  it('writes what jsonBytes writes when the answer holds only declared fields, in pieces as long', () => {
    const value = answer(Array.from({ length: 1000 }, (_, i) => row(i)));
    expect(jsonBytesProjected(value, Answer).equals(jsonBytes(value))).toBe(true);
  });

  it('leaves out the fields the projection does not declare, however deep', () => {
    const leaking = answer(
      Array.from({ length: 600 }, (_, i) => {
        const r = row(i);
        if (i % 3 === 0) return { ...r, cost_price: '8.00' };
        if (i % 3 === 1)
          return { ...r, search_numbers: [{ ...r.search_numbers[0]!, internal: 1 }, r.search_numbers[1]!] };
        return r;
      }),
    );
    const declared = answer(Array.from({ length: 600 }, (_, i) => row(i)));
    expect(jsonBytesProjected({ ...leaking, debug: { sql: 'select' } }, Answer).toString('utf8')).toBe(
      JSON.stringify(declared),
    );
  });

  it('throws ProjectionMismatch for an answer without the declared shape', () => {
    expect(() => jsonBytesProjected(answer([{ ...row(1), product_name: { secret: 1 } }]), Answer)).toThrow(
      ProjectionMismatch,
    );
    expect(() => jsonBytesProjected(answer([[1, 2]]), Answer)).toThrow(ProjectionMismatch);
  });

  it('remembers no shape it has not checked: one writer, answers of every shape in turn', () => {
    const write = projectedJsonWriter(Answer);
    const declared = (r: ReturnType<typeof row>) => ({ ...r });
    const cases: [unknown, unknown][] = [];
    for (let i = 0; i < 20; i++) {
      const r = row(i);
      const { video: _video, ...withoutVideo } = r;
      // A row as many members as a declared one, one of them not declared in its place.
      cases.push([{ ...withoutVideo, secret: 's' }, withoutVideo]);
      cases.push([r, declared(r)]);
      // Members in another order, an undeclared one among them.
      const reordered = { video: r.video, internal: 1, product_id: r.product_id, product_name: r.product_name };
      cases.push([reordered, { video: r.video, product_id: r.product_id, product_name: r.product_name }]);
    }
    for (const [given, expected] of cases) {
      expect(write(answer([given])).toString('utf8')).toBe(JSON.stringify(answer([expected])));
    }
    // An own toJSON, which JSON.stringify would call: not an object the projection can explain.
    expect(() => write(answer([{ product_id: 1, toJSON: () => ({ leaked: true }) }]))).toThrow(ProjectionMismatch);
  });
});
