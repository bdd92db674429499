/** Small helpers for the drawn SVG pictures. */

export const FONT_FAMILY =
  "'PingFang SC','Microsoft YaHei','Noto Sans CJK SC','Source Han Sans SC','WenQuanYi Zen Hei',sans-serif";

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export function svgDocument(width: number, height: number, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
    `font-family="${FONT_FAMILY}">${body}</svg>`
  );
}

export function text(
  x: number,
  y: number,
  content: string,
  attrs: { size: number; fill: string; weight?: number; anchor?: 'start' | 'middle' | 'end'; opacity?: number },
): string {
  return (
    `<text x="${x}" y="${y}" font-size="${attrs.size}" fill="${attrs.fill}" font-weight="${attrs.weight ?? 400}" ` +
    `text-anchor="${attrs.anchor ?? 'start'}"${attrs.opacity === undefined ? '' : ` opacity="${attrs.opacity}"`}>` +
    `${escapeXml(content)}</text>`
  );
}

/** A palette picked by a small number (pictures of the same kind differ in colour). */
export const PALETTES = [
  { bg1: '#eef3fb', bg2: '#d6e2f5', accent: '#1f5fbf', metal: '#8a96a8' },
  { bg1: '#f4f1ec', bg2: '#e6ddcf', accent: '#b5651d', metal: '#8f8779' },
  { bg1: '#eef7f1', bg2: '#d3eadb', accent: '#2f8a57', metal: '#7f9488' },
  { bg1: '#f6eff3', bg2: '#ead6e1', accent: '#a33b6b', metal: '#978590' },
  { bg1: '#f1f1f1', bg2: '#dcdcdc', accent: '#c0392b', metal: '#8c8c8c' },
  { bg1: '#eef5f7', bg2: '#d2e6ec', accent: '#17798f', metal: '#7e9299' },
] as const;
export type Palette = (typeof PALETTES)[number];

export function palette(n: number): Palette {
  return PALETTES[(((n - 1) % PALETTES.length) + PALETTES.length) % PALETTES.length]!;
}
