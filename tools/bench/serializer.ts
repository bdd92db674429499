/**
 * `npm run bench -- serializer`: the cost of writing a 200-number search's answer (~530 part rows,
 * the real BatchSearchResult schema) in production, in this process, without HTTP:
 *
 *  - as it is: jsonBytes(answer), production's path before answers were projected;
 *  - projected: the route's serializer as production compiles it (serializer.ts), which writes
 *    only the fields the schema declares;
 *  - projected, leaking: the same with an undeclared field in every part row (the slow path a
 *    handler bug would take; for information).
 *
 * Each path writes --answers answers (default 2,000) after a warm-up, the paths taking turns in
 * rounds of 50 so that a drift of the machine falls on all alike; median and p99 microseconds per
 * answer and the CPU (user + system) per answer are printed. Options: --answers, --rows.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { BatchSearchResult, type BatchSearchGroup } from '@shop/core/api/bulk-search';
import type { ProductRow } from '@shop/core/api/parts';
import { getBrandVariant, DEFAULT_BRAND } from '@shop/core/brand-variants';
import { envelope, ok } from '@shop/server/lib/envelope';
import { jsonBytes } from '@shop/server/lib/json-bytes';
import { createSerializerCompiler } from '@shop/server/lib/serializer';
import { positive } from './args';
import { percentile } from './search';

const MODELS = ['宝马5系 E60 2003-2010 520i 523i 525i', '奥迪A6L C6 2005-2011 2.0T 2.4 2.8', '大众帕萨特 B5 1.8T 2.0'];
const FACTORIES = ['博世', 'TRW', '菲罗多', 'Brembo', 'ATE', 'Textar', '马勒', '曼牌'];

/** A part row as toProductRows makes it (same members in the same order), with realistic text. */
function partRow(i: number, searchNo: string, priceKeys: string[]): ProductRow {
  const prices: Record<string, string> = {};
  for (const [k, key] of priceKeys.entries()) prices[key] = (120 + ((i * 37 + k * 11) % 900) + 0.5).toFixed(2);
  return {
    product_id: 100_000 + i,
    product_name: `前刹车片(陶瓷)总成 ${i % 50}`,
    l_name_zh: '刹车片',
    frey_no: `FR${(4_000_000 + i * 7).toString(36).toUpperCase()}`,
    number: `34 11 6 ${String(760_000 + i).slice(0, 6)}`,
    brand_name: i % 3 === 0 ? '宝马' : i % 3 === 1 ? '奥迪' : '大众',
    pic: `/uploads/parts/2026/${i % 97}/${100_000 + i}.jpg`,
    prices,
    frey_stock: (i * 13) % 240,
    available_stock: (i * 13) % 240,
    beijing_stock: (i * 7) % 60,
    stock_zaitu: i % 5 === 0 ? 24 : 0,
    my_stock: (i * 13) % 240,
    is_view_stock: 1,
    consumable_days: 180,
    is_sub: i % 17 === 0 ? 1 : 0,
    is_apply: 0,
    is_coming_soon: 0,
    is_delisting: 0,
    is_orderable: 1,
    cart_number: i % 11 === 0 ? 2 : 0,
    outbox_fcl_quantity: 20,
    scm_classification: 'A',
    l_model_zh: MODELS[i % MODELS.length]!,
    engines: 'N52B25,N53B30,N54B30',
    search_numbers: Array.from({ length: 2 + (i % 4) }, (_, k) => ({
      factory: FACTORIES[(i + k) % FACTORIES.length]!,
      search_number: `GDB${1000 + ((i * 31 + k) % 9000)}`,
    })),
    orders_sales_history_text: i % 4 === 0 ? `近90天购买 ${1 + (i % 5)} 次，共 ${4 + (i % 9)} 件` : '',
    video: i % 9 === 0 ? `/uploads/videos/${i}.mp4` : '',
    is_examine: i % 6 === 0 ? 1 : 0,
    is_product_advantage: 0,
    activity_flag: 0,
    activity_flag_image: '',
    search_no: searchNo,
    match_kind: 'oe',
  };
}

/** A 200-line answer with `rows` part rows in all (most lines 2-3 rows, a tenth none). */
function batchAnswer(rows: number, leak: boolean) {
  const priceKeys = getBrandVariant(DEFAULT_BRAND).priceLabels.map((l) => l.key);
  const groups: BatchSearchGroup[] = [];
  let made = 0;
  for (let line = 0; line < 200; line++) {
    const number = `34116${String(760_000 + line * 3)}`;
    // A tenth of the lines find nothing; the rows are spread evenly over the others.
    const linesWithRows = 180;
    const withRows = line % 10 === 9 ? -1 : line - Math.floor(line / 10);
    const count =
      withRows < 0
        ? 0
        : Math.floor(((withRows + 1) * rows) / linesWithRows) - Math.floor((withRows * rows) / linesWithRows);
    const list = Array.from({ length: Math.max(0, count) }, (_, k) => {
      const row = partRow(made + k, number, priceKeys);
      return leak ? { ...row, cost_price: '88.00' } : row;
    });
    made += list.length;
    groups.push({
      line: line + 1,
      raw: `${number}=2`,
      number,
      quantity: 2,
      status: list.length === 0 ? 'not_found' : list.length === 1 ? 'found' : 'ambiguous',
      total: list.length,
      matched_number: list.length > 0 ? list[0]!.number : '',
      match_kind: list.length > 0 ? 'oe' : undefined,
      list,
    } as BatchSearchGroup);
  }
  return ok({ groups, found: groups.filter((g) => g.list.length > 0).length, not_found: 20 });
}

interface Path {
  name: string;
  write: () => Buffer;
  micros: number[];
  cpuMicros: number;
}

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { answers: { type: 'string' }, rows: { type: 'string' } } });
  const answers = positive(values.answers, 2000);
  const rowCount = positive(values.rows, 530);

  const schema = envelope(BatchSearchResult);
  const serialize = createSerializerCompiler(false)({
    schema,
    method: 'POST',
    url: '/api/Shop.Accessory/batchSearch',
    httpStatus: '200',
  }) as unknown as (data: unknown) => Buffer;
  const answer = batchAnswer(rowCount, false);
  const leaking = batchAnswer(rowCount, true);
  z.encode(schema, answer); // the answer is the schema's

  const rows = answer.data.groups.reduce((n, g) => n + g.list.length, 0);
  const asIs = jsonBytes(answer);
  if (!serialize(answer).equals(asIs) || !serialize(leaking).equals(asIs)) {
    throw new Error('the projected answer differs from the answer as it is');
  }
  console.log(`answer: ${rows} part rows in ${answer.data.groups.length} lines, ${(asIs.length / 1024).toFixed(0)} KB`);

  const paths: Path[] = [
    { name: 'as it is (jsonBytes)', write: () => jsonBytes(answer), micros: [], cpuMicros: 0 },
    { name: 'projected', write: () => serialize(answer), micros: [], cpuMicros: 0 },
    { name: 'projected, leaking', write: () => serialize(leaking), micros: [], cpuMicros: 0 },
  ];
  for (const path of paths) for (let i = 0; i < 200; i++) path.write(); // warm-up

  const ROUND = 50;
  for (let done = 0; done < answers; done += ROUND) {
    for (const path of paths) {
      const cpu = process.cpuUsage();
      for (let i = 0; i < ROUND; i++) {
        const start = process.hrtime.bigint();
        path.write();
        path.micros.push(Number(process.hrtime.bigint() - start) / 1000);
      }
      const used = process.cpuUsage(cpu);
      path.cpuMicros += used.user + used.system;
    }
  }

  const base = paths[0]!;
  const median = (p: Path) =>
    percentile(
      [...p.micros].sort((a, b) => a - b),
      50,
    );
  console.log(`${answers} answers per path (node ${process.version}):`);
  for (const path of paths) {
    const sorted = [...path.micros].sort((a, b) => a - b);
    const cpu = path.cpuMicros / path.micros.length;
    const vs = path === base ? '' : `  (median ${((median(path) / median(base) - 1) * 100).toFixed(1)}% vs as it is)`;
    console.log(
      `  ${path.name.padEnd(22)} median ${percentile(sorted, 50).toFixed(0)} µs  p99 ${percentile(sorted, 99).toFixed(0)} µs  CPU ${cpu.toFixed(0)} µs/answer${vs}`,
    );
  }
}
