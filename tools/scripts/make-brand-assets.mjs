// Generates apps/web/public/brand/*.svg (logos and public-account QR codes) and favicon.svg:
// node tools/scripts/make-brand-assets.mjs (the output is committed; run again after changing a brand).
import { writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
const QRCode = createRequire(new URL('../../apps/web/package.json', import.meta.url))('qrcode');

const out = new URL('../../apps/web/public', import.meta.url).pathname;
mkdirSync(`${out}/brand`, { recursive: true });

const brands = [
  { key: 'frey', latin: 'FREY', zh: '福瑞', color: '#d7261e' },
  { key: 'eurox', latin: 'EUROX', zh: '欧驰', color: '#1456c8' },
  { key: 'autoline', latin: 'AUTOLINE', zh: '奥链', color: '#0b8a5c' },
  { key: 'partsky', latin: 'PARTSKY', zh: '配天', color: '#e0620d' },
];

const FONT =
  "'Helvetica Neue', Arial, 'PingFang SC', 'Microsoft YaHei', 'WenQuanYi Zen Hei', 'Noto Sans CJK SC', sans-serif";

/** A gear-like wheel: 8 teeth around a ring, the brand initial inside. */
function emblem(bg, fg, initial) {
  const teeth = Array.from({ length: 8 }, (_, i) => {
    const a = (i * 45 * Math.PI) / 180;
    const x = 28 + Math.cos(a) * 17;
    const y = 28 + Math.sin(a) * 17;
    return `<rect x="${(x - 3.5).toFixed(2)}" y="${(y - 3.5).toFixed(2)}" width="7" height="7" rx="1.5" transform="rotate(${i * 45} ${x.toFixed(2)} ${y.toFixed(2)})" fill="${fg}"/>`;
  }).join('');
  return `<rect x="2" y="2" width="52" height="52" rx="12" fill="${bg}"/>
  ${teeth}
  <circle cx="28" cy="28" r="16" fill="${fg}"/>
  <circle cx="28" cy="28" r="12.5" fill="${bg}"/>
  <text x="28" y="33.5" text-anchor="middle" font-family="${FONT}" font-size="15" font-weight="800" fill="${fg}">${initial}</text>`;
}

function logo({ latin, zh, color }, white) {
  const width = 66 + Math.max(latin.length * 19, 6 * 14 + 5 * 3.2 + 4) + 8;
  const ink = white ? '#ffffff' : '#1d2330';
  const sub = white ? 'rgba(255,255,255,0.8)' : '#6b7280';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="56" viewBox="0 0 ${width} 56" role="img" aria-label="${latin} ${zh}汽配商城">
  ${white ? emblem('#ffffff', color, latin[0]) : emblem(color, '#ffffff', latin[0])}
  <text x="66" y="29" font-family="${FONT}" font-size="27" font-weight="800" letter-spacing="1.5" fill="${ink}">${latin}</text>
  <text x="67" y="50" font-family="${FONT}" font-size="14" letter-spacing="3.2" fill="${sub}">${zh}汽配商城</text>
</svg>
`;
}

for (const b of brands) {
  writeFileSync(`${out}/brand/${b.key}-logo.svg`, logo(b, false));
  writeFileSync(`${out}/brand/${b.key}-logo-white.svg`, logo(b, true));
  const qr = await QRCode.toString(`微信公众号：${b.zh}汽配商城\n请在微信中搜索“${b.zh}汽配商城”关注`, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 1,
    color: { dark: '#1d2330', light: '#ffffff' },
  });
  writeFileSync(`${out}/brand/${b.key}-qrcode.svg`, qr);
}

writeFileSync(
  `${out}/favicon.svg`,
  `<svg xmlns="http://www.w3.org/2000/svg" width="56" height="56" viewBox="0 0 56 56">${emblem('#1d2330', '#ffffff', '')}</svg>\n`,
);
console.log('ok');
