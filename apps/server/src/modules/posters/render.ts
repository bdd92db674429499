import { createCanvas, GlobalFonts, loadImage, type Image, type SKRSContext2D } from '@napi-rs/canvas';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { shopFontPath } from '../media/assets-dir';

/**
 * Draws a marketing poster as a PNG with @napi-rs/canvas (Skia, prebuilt, no system packages)
 * (PNG encoded by sharp) and the shipped font subset (assets/fonts/shop-sc.ttf, tools/fonts/make-shop-font.mjs), so
 * Chinese and Latin text render the same on every machine. Each part gets its picture, name,
 * numbers, the chosen price (or none) and a QR code to its page; the footer carries the dealer's
 * company and phone (docs/posters.md).
 */

export const POSTER_WIDTH = 750;
export const POSTER_HEIGHT = 1334;
const FONT = 'PosterSans';

let fontReady = false;
function ensureFont(): void {
  if (fontReady) return;
  // Registered under its own family (WenQuanYi Zen Hei, which the drawn part pictures ask for) and an alias.
  GlobalFonts.registerFromPath(shopFontPath(), FONT);
  fontReady = true;
}

export interface PosterPart {
  name: string;
  number: string;
  /** The price shown, formatted ('¥128.00'), or '' for none. */
  price: string;
  /** The decoded picture, or null for none. */
  picture: Image | null;
  /** What the part's QR code opens. */
  url: string;
}

export interface PosterSpec {
  headline: string;
  subline: string;
  colorFrom: string;
  colorTo: string;
  accent: string;
  priceLabel: string;
  parts: PosterPart[];
  company: string;
  phone: string;
}

/** Decodes a picture (PNG, JPEG, WEBP, GIF or SVG bytes). */
export function decodePicture(bytes: Buffer): Promise<Image> {
  ensureFont();
  return loadImage(bytes);
}

export async function renderPoster(spec: PosterSpec): Promise<Buffer> {
  ensureFont();
  const canvas = createCanvas(POSTER_WIDTH, POSTER_HEIGHT);
  const ctx = canvas.getContext('2d');
  const bg = ctx.createLinearGradient(0, 0, POSTER_WIDTH, POSTER_HEIGHT);
  bg.addColorStop(0, spec.colorFrom);
  bg.addColorStop(1, spec.colorTo);
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, POSTER_WIDTH, POSTER_HEIGHT);

  // Headline and subline.
  ctx.fillStyle = '#ffffff';
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'center';
  ctx.font = `bold 60px ${FONT}`;
  ctx.fillText(fit(ctx, spec.headline, POSTER_WIDTH - 80), POSTER_WIDTH / 2, 118);
  if (spec.subline) {
    ctx.font = `28px ${FONT}`;
    ctx.globalAlpha = 0.9;
    ctx.fillText(fit(ctx, spec.subline, POSTER_WIDTH - 80), POSTER_WIDTH / 2, 168);
    ctx.globalAlpha = 1;
  }

  // The parts: one large card, or two columns of up to three rows.
  const top = 210;
  const bottom = POSTER_HEIGHT - 190;
  const n = spec.parts.length;
  const cols = n === 1 ? 1 : 2;
  const rows = Math.ceil(n / cols);
  const gap = 20;
  const cardW = (POSTER_WIDTH - 60 - gap * (cols - 1)) / cols;
  const cardH = Math.min((bottom - top - gap * (rows - 1)) / rows, n === 1 ? 900 : 420);
  spec.parts.forEach((part, i) => {
    const x = 30 + (i % cols) * (cardW + gap);
    const y = top + Math.floor(i / cols) * (cardH + gap);
    drawCard(ctx, part, x, y, cardW, cardH, spec);
  });

  // Footer: the dealer's company and phone.
  const fy = POSTER_HEIGHT - 160;
  ctx.fillStyle = 'rgba(0,0,0,0.28)';
  roundRect(ctx, 30, fy, POSTER_WIDTH - 60, 130, 16);
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'left';
  ctx.font = `bold 34px ${FONT}`;
  ctx.fillText(fit(ctx, spec.company, POSTER_WIDTH - 120), 60, fy + 55);
  ctx.font = `28px ${FONT}`;
  ctx.fillText(spec.phone ? `联系电话：${spec.phone}` : '欢迎来电咨询', 60, fy + 102);
  // Skia's own PNG encoder takes several times longer than libvips for the same picture (measured
  // in docs/posters.md), so the pixels (opaque: the background covers all) go to sharp.
  return sharp(canvas.data(), { raw: { width: POSTER_WIDTH, height: POSTER_HEIGHT, channels: 4 } })
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
}

function drawCard(
  ctx: SKRSContext2D,
  part: PosterPart,
  x: number,
  y: number,
  w: number,
  h: number,
  spec: PosterSpec,
): void {
  ctx.fillStyle = '#ffffff';
  roundRect(ctx, x, y, w, h, 14);
  ctx.fill();
  const pad = 16;
  const textBlock = 180;
  const picH = h - textBlock - pad;
  const picW = w - pad * 2;
  if (part.picture) {
    const scale = Math.min(picW / part.picture.width, picH / part.picture.height);
    const dw = part.picture.width * scale;
    const dh = part.picture.height * scale;
    ctx.drawImage(part.picture, x + pad + (picW - dw) / 2, y + pad + (picH - dh) / 2, dw, dh);
  } else {
    ctx.fillStyle = '#f0f2f5';
    ctx.fillRect(x + pad, y + pad, picW, picH);
    ctx.fillStyle = '#a0a8b4';
    ctx.textAlign = 'center';
    ctx.font = `24px ${FONT}`;
    ctx.fillText('暂无图片', x + w / 2, y + pad + picH / 2);
  }
  const qr = w > 400 ? 120 : 100;
  const tx = x + pad;
  const ty = y + h - textBlock;
  const textW = w - pad * 3 - qr;
  ctx.textAlign = 'left';
  ctx.fillStyle = '#222222';
  ctx.font = `bold ${w > 400 ? 32 : 24}px ${FONT}`;
  const lines = wrap(ctx, part.name, textW, 2);
  lines.forEach((line, i) => ctx.fillText(line, tx, ty + 30 + i * (w > 400 ? 38 : 30)));
  ctx.fillStyle = '#666666';
  ctx.font = `${w > 400 ? 24 : 19}px ${FONT}`;
  ctx.fillText(fit(ctx, part.number, textW), tx, ty + 100);
  if (part.price) {
    ctx.fillStyle = spec.accent;
    ctx.font = `bold ${w > 400 ? 36 : 28}px ${FONT}`;
    ctx.fillText(fit(ctx, `${spec.priceLabel} ${part.price}`, w - pad * 2), tx, ty + 160);
  }
  drawQr(ctx, part.url, x + w - pad - qr, ty + 4, qr);
}

/** The QR code drawn as squares (no image decoding). */
function drawQr(ctx: SKRSContext2D, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = modules.size;
  const quiet = 2;
  const cell = size / (count + quiet * 2);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(x, y, size, size);
  ctx.fillStyle = '#000000';
  for (let r = 0; r < count; r++) {
    for (let c = 0; c < count; c++) {
      if (modules.get(r, c)) ctx.fillRect(x + (c + quiet) * cell, y + (r + quiet) * cell, cell + 0.5, cell + 0.5);
    }
  }
}

function roundRect(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

/** The text cut with '…' to fit the width. */
function fit(ctx: SKRSContext2D, text: string, width: number): string {
  if (ctx.measureText(text).width <= width) return text;
  const chars = [...text];
  while (chars.length > 0 && ctx.measureText(`${chars.join('')}…`).width > width) chars.pop();
  return `${chars.join('')}…`;
}

/** The text in at most `max` lines of the width (the last cut with '…'). */
function wrap(ctx: SKRSContext2D, text: string, width: number, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  const chars = [...text];
  for (let i = 0; i < chars.length; i++) {
    const next = line + chars[i];
    if (ctx.measureText(next).width > width && line) {
      if (lines.length === max - 1) return [...lines, fit(ctx, chars.slice(i - [...line].length).join(''), width)];
      lines.push(line);
      line = chars[i]!;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}
