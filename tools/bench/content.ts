/**
 * `npm run bench -- content`: a marketing poster drawn warm, in this process, as
 * POST /api/Shop.GeneratePicture/generatePoster draws it (render.ts: @napi-rs/canvas, the shipped
 * font, the parts' drawn pictures decoded once and kept, a QR code per part, PNG by sharp), for
 * posters of 1, 4 and 6 parts taking turns. After a warm-up, --renders renders (default 200) are
 * timed one after another; p50/p95/p99 milliseconds and the CPU (user + system, every thread of
 * the process, so libvips' too) per render are printed, with the PNG size. Target: p95 ≤ 150 ms.
 * The baseline (baseline.ts) is measured first on a shop server started for it on PGlite: the
 * figures also as ratios to its hello world (latency and server CPU per request).
 * Options: --renders, --warmup.
 */
import { parseArgs } from 'node:util';
import { getBrandVariant, DEFAULT_BRAND } from '@shop/core/brand-variants';
import { posterPicture } from '@shop/server/modules/posters/pictures';
import { renderPoster, type PosterPart } from '@shop/server/modules/posters/render';
import type { FileStorage } from '@shop/server/uploads/storage';
import { positive } from './args';
import { percentile } from './search';
import { baselineOnOwnServer, msWithRatio } from './baseline';

const NAMES = [
  '宝马5系 前刹车片',
  '奥迪A6L 点火线圈 Ignition Coil',
  '大众帕萨特 火花塞 Spark Plug',
  '奔驰C级 机油滤清器',
];
const KINDS = ['spark-plug', 'ignition-coil', 'timing-chain-kit', 'tensioner'];

/** The posters only read the drawn pictures here; no upload is asked for. */
const NO_STORAGE = { get: async () => undefined } as unknown as FileStorage;

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { renders: { type: 'string' }, warmup: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help) {
    console.log('npm run bench -- content [--renders 200] [--warmup 20]');
    return;
  }
  const renders = positive(values.renders, 200);
  const warmup = positive(values.warmup, 20);
  const baseline = await baselineOnOwnServer(18_900 + Math.floor(Math.random() * 90));
  const variant = getBrandVariant(DEFAULT_BRAND);
  const parts: PosterPart[] = [];
  for (let i = 0; i < 6; i++) {
    parts.push({
      name: NAMES[i % NAMES.length]!,
      number: `OE 34 11 6 ${860 + i} 242`,
      price: `¥${(128 + i * 17).toFixed(2)}`,
      picture: await posterPicture(`/media/parts/${KINDS[i % KINDS.length]}-${(i % 6) + 1}.svg`, variant, NO_STORAGE),
      url: `https://shop.example.com/parts/details?id=${1000 + i}`,
    });
  }
  const sizes = [1, 4, 6];
  const poster = (n: number) =>
    renderPoster({
      headline: '刹车系统专场',
      subline: '原厂品质 · 现货直发',
      colorFrom: '#0f3d7a',
      colorTo: '#2f7fd8',
      accent: '#d8362f',
      priceLabel: '经销价',
      parts: parts.slice(0, n),
      company: '广州骏达汽配贸易有限公司',
      phone: '13800000001',
    });
  for (let i = 0; i < warmup; i++) await poster(sizes[i % sizes.length]!);
  const times: number[] = [];
  let bytes = 0;
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  for (let i = 0; i < renders; i++) {
    const started = performance.now();
    const png = await poster(sizes[i % sizes.length]!);
    times.push(performance.now() - started);
    bytes += png.length;
  }
  const wall = performance.now() - wall0;
  const cpu = process.cpuUsage(cpu0);
  times.sort((a, b) => a - b);
  const cpuMs = (cpu.user + cpu.system) / 1000 / renders;
  console.log(`poster render (750x1334 PNG, 1/4/6 parts in turn), ${renders} renders warm after ${warmup}:`);
  console.log(
    `  p50 ${msWithRatio(percentile(times, 50), baseline)}  p95 ${msWithRatio(percentile(times, 95), baseline)}  ` +
      `p99 ${msWithRatio(percentile(times, 99), baseline)}  (target p95 ≤ 150 ms)`,
  );
  console.log(
    `  CPU ${cpuMs.toFixed(1)} ms per render (user + system, all threads; ` +
      `${baseline.hello.cpu ? `×${(cpuMs / baseline.hello.cpu.server).toFixed(0)}` : '×-'} the hello world's server CPU); ` +
      `${(renders / (wall / 1000)).toFixed(1)} renders/s one at a time; PNG ${Math.round(bytes / renders / 1024)} KB on average`,
  );
}
