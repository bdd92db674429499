import type { BrandVariant } from '@shop/core/brand-variants';
import { findPartKind } from '../../demo/definitions/categories';
import { MAKES } from '../../demo/definitions/vehicles';
import { drawPartIcon } from './part-icons';
import { palette, svgDocument, text } from './svg';

/**
 * Deterministic pictures drawn on request (no external image hosts): part pictures by part
 * kind and variant number, the home banners, vehicle series and the activity badge. Each
 * returns undefined for an unknown name, which the routes answer with 404.
 */

/** A picture's background: a rectangle filled left to right (or corner to corner) from one colour to another. */
function gradientBackground(
  width: number,
  height: number,
  [from, to]: readonly [string, string],
  options: { diagonal?: boolean; rx?: number } = {},
): string {
  return (
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="${options.diagonal ? 1 : 0}">` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}"${options.rx === undefined ? '' : ` rx="${options.rx}"`} fill="url(#bg)"/>`
  );
}

/** Variants of each part picture (colour schemes). */
export const PART_PICTURE_VARIANTS = 6;

/** Part pictures keep the 400x244 proportion of the detail magnifier, drawn at twice that. */
export function partPicture(slug: string, n: number, variant: BrandVariant): string | undefined {
  const kind = findPartKind(slug);
  if (!kind || n < 1 || n > PART_PICTURE_VARIANTS) return undefined;
  const p = palette(n);
  const tilt = ((n * 37) % 21) - 10;
  return svgDocument(
    800,
    488,
    gradientBackground(800, 488, [p.bg1, p.bg2], { diagonal: true }) +
      `<ellipse cx="400" cy="400" rx="230" ry="22" fill="#00000018"/>` +
      `<g transform="translate(400 220) rotate(${tilt}) scale(0.95)">${drawPartIcon(kind.icon, p)}</g>` +
      text(36, 60, variant.brand, { size: 30, fill: p.accent, weight: 700, opacity: 0.85 }) +
      text(764, 450, kind.name, { size: 34, fill: '#333', weight: 600, anchor: 'end' }) +
      text(764, 60, '原厂品质', { size: 22, fill: '#666', anchor: 'end' }),
  );
}

const BANNERS: Record<number, { title: string; subtitle: string; hue: [string, string] }> = {
  1: { title: '新品上市', subtitle: '每周上新 · 原厂品质 · 精准匹配车型', hue: ['#0f3d7a', '#2f7fd8'] },
  2: { title: '热门推荐', subtitle: '刹车片 · 滤清器 · 火花塞 热销爆款', hue: ['#7a1f0f', '#d8562f'] },
  3: { title: '奔驰专区', subtitle: '奔驰车系配件 · 广州仓北京仓现货直发', hue: ['#1d2a35', '#5d7386'] },
  4: { title: '到货通知', subtitle: '缺货配件陆续到仓 · 订阅到货提醒不错过', hue: ['#0f5a3d', '#2fb07a'] },
};
export const BANNER_COUNT = Object.keys(BANNERS).length;

export function bannerPicture(n: number, variant: BrandVariant): string | undefined {
  const banner = BANNERS[n];
  if (!banner) return undefined;
  return svgDocument(
    1920,
    500,
    gradientBackground(1920, 500, banner.hue) +
      `<circle cx="1520" cy="250" r="300" fill="#ffffff14"/><circle cx="1700" cy="120" r="140" fill="#ffffff10"/>` +
      `<g transform="translate(1480 260) scale(1.3)">${drawPartIcon(['disc', 'filter', 'lamp', 'box'][(n - 1) % 4] as 'disc', palette(n))}</g>` +
      text(360, 200, `${variant.brandZh} · ${variant.brand}`, { size: 40, fill: '#ffffffcc', weight: 500 }) +
      text(360, 300, banner.title, { size: 110, fill: '#ffffff', weight: 700 }) +
      text(360, 380, banner.subtitle, { size: 40, fill: '#ffffffdd' }),
  );
}

export function activityPicture(n: number): string | undefined {
  if (n !== 1) return undefined;
  return svgDocument(
    160,
    48,
    gradientBackground(160, 48, ['#ff4d2e', '#ff9a2e'], { rx: 24 }) +
      text(80, 32, '限时活动专区', { size: 20, fill: '#fff', weight: 700, anchor: 'middle' }),
  );
}

/** A side view of a car with the make and series name: /media/vehicles/{make slug}-{series number}.svg */
export function vehiclePicture(makeSlug: string, n: number): string | undefined {
  const make = MAKES.find((m) => m.slug === makeSlug);
  const series = make?.series[n - 1];
  if (!make || !series) return undefined;
  const p = palette(n + make.slug.length);
  const suv = series.models.some((m) => m.type === 'SUV');
  const roof = suv ? 'M210,170 L300,100 L520,100 L600,170' : 'M220,175 L320,115 L500,115 L590,175';
  return svgDocument(
    800,
    488,
    `<rect width="800" height="488" fill="${p.bg1}"/>` +
      `<path d="M120,300 L130,220 Q140,180 220,175 L${roof.slice(1)} L680,185 Q700,195 700,230 L700,300 Z" fill="${p.accent}" stroke="#333" stroke-width="5"/>` +
      `<path d="${roof} Z" fill="#cfe0f2" stroke="#333" stroke-width="4"/>` +
      `<circle cx="240" cy="305" r="52" fill="#2b2f36"/><circle cx="240" cy="305" r="24" fill="${p.metal}"/>` +
      `<circle cx="580" cy="305" r="52" fill="#2b2f36"/><circle cx="580" cy="305" r="24" fill="${p.metal}"/>` +
      `<line x1="80" y1="360" x2="740" y2="360" stroke="#00000030" stroke-width="6"/>` +
      text(400, 430, `${make.nameZh} ${series.name}`, { size: 40, fill: '#333', weight: 700, anchor: 'middle' }) +
      text(400, 60, make.nameEn, { size: 26, fill: '#666', anchor: 'middle' }),
  );
}
