import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { FairQueue } from '../../lib/fair-queue';
import { chooseVin, longestTextLine, vinCandidates, type VinCandidate } from './ocr-candidates';
import { WMI_TABLE } from './wmi';

/**
 * Reads a VIN from a photo, locally: sharp prepares the picture several ways (grey, normalised,
 * contrast-limited equalisation, threshold, other scales, small rotations) and tesseract.js reads
 * each with the English data shipped in @tesseract.js-data/eng (no download at run time) and a
 * whitelist of VIN characters, until a VIN with a valid check digit is found or the time is up.
 *
 * One long-lived worker per engine, created on first use and terminated by close(). Requests are
 * served one at a time (the worker is single-threaded anyway); the waiting ones take turns by
 * company (lib/fair-queue.ts), so one company sending many photos delays only itself.
 */

const require = createRequire(import.meta.url);

/** The traineddata folder: 4.0.0_best_int is the LSTM model tesseract.js itself uses by default. */
export function bundledLangPath(): string {
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

/** VIN characters, plus O, Q and I, which are read and then corrected to 0, 0 and 1. */
const WHITELIST = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789OQI';

/** Pictures are worked on at this longest side (small ones are enlarged to it). */
const WORK_SIDE = 1600;

export interface OcrOptions {
  /** Give up (no VIN) after this long, waiting included. */
  timeLimitMs: number;
  /** Requests one company may have waiting while another is read; more of its are refused as busy. */
  maxWaitingPerCompany: number;
  /** Requests waiting in all; past it anyone is refused as busy. Unbounded when not given. */
  maxWaiting?: number;
}

export const DEFAULT_OCR_OPTIONS: OcrOptions = { timeLimitMs: 12_000, maxWaitingPerCompany: 4, maxWaiting: 16 };

export type OcrOutcome =
  | { kind: 'vin'; vin: string; passes: number; ms: number }
  | { kind: 'none'; passes: number; ms: number; timedOut: boolean }
  | { kind: 'busy' }
  /** Its header passed the route's check, its pixels do not decode (a broken or cut-off file). */
  | { kind: 'unreadable' };

/** One way of preparing the picture for a reading pass. */
interface Pass {
  name: string;
  /** Longest side of the prepared picture; 'native': as taken (within MIN_SIDE..MAX_SIDE). */
  side: number | 'native';
  /** Page segmentation: sparse text finds scattered words, auto finds text blocks in a photo. */
  psm: PSM;
  /** Degrees, clockwise. */
  rotate?: number;
  clahe?: boolean;
  threshold?: boolean;
  /** Local threshold (uneven light, glare, low contrast). */
  adaptive?: boolean;
}

const MIN_SIDE = 800;
const MAX_SIDE = 2000;
const { SPARSE_TEXT: SPARSE, AUTO } = PSM;

/**
 * A picture with no line of at least TEXT_LINE_MIN VIN characters in its first TEXT_PASSES
 * passes holds no VIN: the reading stops there instead of running every pass (a blank photo
 * answered 'no VIN' after 12 passes, ~9 s on a 2-core machine). Every fixture with a VIN shows a
 * line of 16 or more in its first four passes (the tilted sticker: only in the third).
 */
const TEXT_PASSES = 4;
const TEXT_LINE_MIN = 11;

/** Cheapest and most often successful first. */
const PASSES: Pass[] = [
  { name: 'sparse', side: 'native', psm: SPARSE },
  { name: 'auto', side: 'native', psm: AUTO },
  { name: 'adaptive', side: 'native', psm: SPARSE, adaptive: true },
  { name: 'clahe-auto', side: 'native', psm: AUTO, clahe: true },
  { name: 'rotate-4', side: 'native', psm: SPARSE, rotate: -4 },
  { name: 'rotate+4', side: 'native', psm: SPARSE, rotate: 4 },
  { name: 'large', side: WORK_SIDE, psm: AUTO },
  { name: 'rotate-7-auto', side: 'native', psm: AUTO, rotate: -7 },
  { name: 'rotate+7-auto', side: 'native', psm: AUTO, rotate: 7 },
  { name: 'threshold', side: 'native', psm: SPARSE, threshold: true },
  { name: 'large-adaptive', side: 2400, psm: AUTO, adaptive: true },
  { name: 'small', side: 1000, psm: SPARSE },
];

/** Local (adaptive mean) threshold: dark where a pixel is clearly darker than its surroundings. */
async function adaptiveThreshold(img: Sharp): Promise<Sharp> {
  const { data, info } = await img.blur(1).raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const mean = await sharp(data, raw).blur(16).raw().toBuffer();
  const out = Buffer.alloc(data.length);
  for (let i = 0; i < data.length; i++) out[i] = data[i]! < mean[i]! - 24 ? 0 : 255;
  return sharp(out, raw);
}

async function prepare(grey: Sharp, width: number, height: number, pass: Pass): Promise<Buffer> {
  const longest = Math.max(width, height);
  const side = pass.side === 'native' ? Math.min(MAX_SIDE, Math.max(MIN_SIDE, longest)) : pass.side;
  const scale = side / longest;
  let img = grey.clone();
  if (Math.abs(scale - 1) > 0.01) {
    img = img.resize(Math.round(width * scale), Math.round(height * scale), { kernel: 'lanczos3' });
  }
  img = pass.clahe ? img.clahe({ width: 64, height: 64, maxSlope: 4 }).normalise() : img.normalise();
  if (pass.rotate) img = img.rotate(pass.rotate, { background: { r: 255, g: 255, b: 255 } });
  if (pass.adaptive) img = await adaptiveThreshold(img);
  else if (pass.threshold) img = img.threshold(128);
  return img.png({ compressionLevel: 1 }).toBuffer();
}

function knownMaker(vin: string): boolean {
  return WMI_TABLE[vin.slice(0, 3)] !== undefined;
}

/**
 * A reading is taken when it is a VIN of a maker we know read as whole words, or the same VIN
 * came out of two passes; any other reading with a valid check digit may be chance (1 in 11).
 */
function isConfirmed(vin: string, passes: VinCandidate[][]): boolean {
  const seen = passes.filter((p) => p.some((c) => c.vin === vin));
  return seen.length >= 2 || (knownMaker(vin) && seen.some((p) => p.some((c) => c.vin === vin && c.aligned)));
}

export class VinOcrEngine {
  private worker: Promise<Worker> | undefined;
  private readonly queue: FairQueue<number>;
  /** Readings waiting or running, so close() can wait for them. */
  private readonly pending = new Set<Promise<unknown>>();
  private closed = false;

  /** Called with each pass's text (tools/bench/ocr.ts --verbose). */
  debug?: (pass: string, text: string, candidates: VinCandidate[]) => void;

  constructor(private readonly options: OcrOptions = DEFAULT_OCR_OPTIONS) {
    this.queue = new FairQueue<number>({
      concurrency: 1,
      maxWaitingPerKey: options.maxWaitingPerCompany,
      ...(options.maxWaiting === undefined ? {} : { maxWaiting: options.maxWaiting }),
    });
  }

  private async createWorker(): Promise<Worker> {
    // The traineddata is read from node_modules every time the worker starts (about half a
    // second, once per process): a cached copy that got corrupted makes tesseract.js throw
    // outside any promise and take the process down, so the cache stays off. cachePath points
    // into a temp folder all the same, so nothing is ever written next to the app.
    const worker = await createWorker('eng', OEM.LSTM_ONLY, {
      langPath: bundledLangPath(),
      gzip: true,
      cachePath: join(tmpdir(), 'shop-tesseract'),
      cacheMethod: 'none',
      logger: () => {},
      errorHandler: () => {},
    });
    await worker.setParameters({
      tessedit_char_whitelist: WHITELIST,
      preserve_interword_spaces: '1',
      // Photos carry no useful resolution; a fixed one also keeps tesseract from warning on stderr.
      user_defined_dpi: '300',
      debug_file: '/dev/null',
    });
    return worker;
  }

  private getWorker(): Promise<Worker> {
    if (!this.worker) {
      this.worker = this.createWorker();
      this.worker.catch(() => (this.worker = undefined));
    }
    return this.worker;
  }

  /** Starts the worker now (the first reading otherwise pays for it). */
  async warmUp(): Promise<void> {
    await this.getWorker();
  }

  /** Reads a VIN from a picture that sharp already accepted (see routes), in the company's turn. */
  async recognise(image: Buffer, companyId: number): Promise<OcrOutcome> {
    if (this.closed) throw new Error('the OCR engine is closed');
    const started = performance.now();
    const turn = this.queue.tryAcquire(companyId);
    if (!turn) return { kind: 'busy' };
    const reading = turn.then(async (release) => {
      try {
        return await this.read(image, started);
      } finally {
        release();
      }
    });
    const settled = reading.catch(() => {});
    this.pending.add(settled);
    void settled.then(() => this.pending.delete(settled));
    return reading;
  }

  private async read(image: Buffer, started: number): Promise<OcrOutcome> {
    const deadline = started + this.options.timeLimitMs;
    const grey = sharp(image, { limitInputPixels: 50_000_000 }).rotate().greyscale();
    // The EXIF-rotated size.
    const decoded = await grey
      .clone()
      .raw()
      .toBuffer({ resolveWithObject: true })
      .catch(() => undefined);
    if (!decoded) return { kind: 'unreadable' };
    const { data, info } = decoded;
    const base = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const passes: VinCandidate[][] = [];
    let timedOut = false;
    let longestLine = 0;
    for (const pass of PASSES) {
      if (performance.now() >= deadline) {
        timedOut = true;
        break;
      }
      if (passes.length === TEXT_PASSES && longestLine < TEXT_LINE_MIN) break;
      const prepared = await prepare(base, info.width, info.height, pass);
      let text: string;
      try {
        const worker = await this.getWorker();
        await worker.setParameters({ tessedit_pageseg_mode: pass.psm });
        text = (await worker.recognize(prepared)).data.text;
      } catch (err) {
        // A broken worker is replaced on the next reading.
        await this.resetWorker();
        throw err;
      }
      longestLine = Math.max(longestLine, longestTextLine(text));
      const candidates = vinCandidates(text);
      this.debug?.(pass.name, text, candidates);
      passes.push(candidates);
      const vin = chooseVin(passes);
      if (vin && isConfirmed(vin, passes)) {
        return { kind: 'vin', vin, passes: passes.length, ms: Math.round(performance.now() - started) };
      }
    }
    // Out of passes or time: a VIN of a known maker read once will do.
    const vin = chooseVin(passes.map((p) => p.filter((c) => knownMaker(c.vin))));
    const ms = Math.round(performance.now() - started);
    return vin
      ? { kind: 'vin', vin, passes: passes.length, ms }
      : { kind: 'none', passes: passes.length, ms, timedOut };
  }

  private async resetWorker(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.then((w) => w.terminate()).catch(() => {});
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.pending);
    await this.resetWorker();
  }
}
