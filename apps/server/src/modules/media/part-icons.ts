import type { PartIcon } from '../../demo/definitions/categories';
import type { Palette } from './svg';

/**
 * Simple drawings of part kinds, centred on (0, 0) and about 300 units wide. They only need
 * to look like a product photo placeholder that tells a brake disc from a filter at a glance.
 */
type Draw = (p: Palette) => string;

const steel = (p: Palette) => `fill="${p.metal}" stroke="#4a5260" stroke-width="4"`;

function bolts(count: number, radius: number, size: number, fill: string): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2;
    out += `<circle cx="${(Math.cos(a) * radius).toFixed(1)}" cy="${(Math.sin(a) * radius).toFixed(1)}" r="${size}" fill="${fill}"/>`;
  }
  return out;
}

const ICONS: Record<PartIcon, Draw> = {
  disc: (p) =>
    `<circle r="140" ${steel(p)}/><circle r="132" fill="none" stroke="#5d6675" stroke-width="2" stroke-dasharray="6 10"/>` +
    `<circle r="62" fill="#6b7380" stroke="#4a5260" stroke-width="4"/>${bolts(5, 38, 8, '#3b414c')}<circle r="16" fill="#2e333b"/>`,
  pad: (p) =>
    `<rect x="-150" y="-70" width="300" height="140" rx="46" ${steel(p)}/>` +
    `<rect x="-130" y="-52" width="260" height="104" rx="34" fill="#3d3a37"/>` +
    `<line x1="0" y1="-52" x2="0" y2="52" stroke="#5a5551" stroke-width="6"/>` +
    `<circle cx="-120" cy="-58" r="9" fill="${p.accent}"/><circle cx="120" cy="-58" r="9" fill="${p.accent}"/>`,
  filter: (p) =>
    `<rect x="-95" y="-120" width="190" height="240" rx="20" fill="${p.accent}" stroke="#333" stroke-width="4"/>` +
    `<ellipse cx="0" cy="-120" rx="95" ry="24" fill="${p.metal}" stroke="#333" stroke-width="4"/>` +
    `<ellipse cx="0" cy="-120" rx="34" ry="9" fill="#333"/>` +
    Array.from(
      { length: 7 },
      (_, i) =>
        `<line x1="-95" y1="${-70 + i * 26}" x2="95" y2="${-70 + i * 26}" stroke="#ffffff55" stroke-width="5"/>`,
    ).join(''),
  plug: (p) =>
    `<rect x="-14" y="-150" width="28" height="40" rx="6" fill="${p.metal}" stroke="#444" stroke-width="3"/>` +
    `<rect x="-30" y="-112" width="60" height="120" rx="18" fill="#f7f7f2" stroke="#999" stroke-width="3"/>` +
    `<polygon points="-52,8 52,8 60,34 52,60 -52,60 -60,34" fill="${p.metal}" stroke="#444" stroke-width="3"/>` +
    `<rect x="-26" y="60" width="52" height="70" fill="#a3a9b3" stroke="#444" stroke-width="3"/>` +
    Array.from(
      { length: 6 },
      (_, i) => `<line x1="-26" y1="${68 + i * 11}" x2="26" y2="${74 + i * 11}" stroke="#555" stroke-width="3"/>`,
    ).join('') +
    `<rect x="-4" y="130" width="8" height="20" fill="#555"/>`,
  coil: (p) =>
    `<rect x="-70" y="-140" width="140" height="70" rx="10" fill="#2f3338"/>` +
    `<rect x="-40" y="-128" width="50" height="34" rx="4" fill="${p.accent}"/>` +
    `<rect x="-34" y="-70" width="68" height="170" rx="14" fill="#3a3f46"/>` +
    `<rect x="-22" y="100" width="44" height="44" rx="10" fill="#1f2226"/>`,
  pump: (p) =>
    `<rect x="-150" y="-26" width="70" height="52" rx="8" ${steel(p)}/><circle r="110" ${steel(p)}/>` +
    `<circle r="70" fill="#5b6370"/>` +
    Array.from({ length: 8 }, (_, i) => {
      const a = (i / 8) * Math.PI * 2;
      return `<line x1="0" y1="0" x2="${(Math.cos(a) * 64).toFixed(1)}" y2="${(Math.sin(a) * 64).toFixed(1)}" stroke="${p.accent}" stroke-width="10" stroke-linecap="round"/>`;
    }).join('') +
    `<circle r="18" fill="#2e333b"/>${bolts(6, 92, 7, '#3b414c')}`,
  shock: (p) =>
    `<rect x="-22" y="-150" width="44" height="60" rx="6" fill="#777"/><rect x="-8" y="-150" width="16" height="150" fill="#c9ced6"/>` +
    `<rect x="-40" y="-10" width="80" height="150" rx="12" fill="${p.accent}" stroke="#333" stroke-width="4"/>` +
    `<polyline points="-60,-90 60,-70 -60,-50 60,-30 -60,-10 60,10" fill="none" stroke="#d9d9d9" stroke-width="10" stroke-linecap="round"/>` +
    `<circle cx="0" cy="146" r="16" fill="none" stroke="#333" stroke-width="8"/>`,
  arm: (p) =>
    `<polyline points="-140,70 0,-80 140,40" fill="none" stroke="${p.metal}" stroke-width="34" stroke-linejoin="round" stroke-linecap="round"/>` +
    `<circle cx="-140" cy="70" r="30" fill="#333"/><circle cx="-140" cy="70" r="14" fill="${p.accent}"/>` +
    `<circle cx="140" cy="40" r="30" fill="#333"/><circle cx="140" cy="40" r="14" fill="${p.accent}"/>` +
    `<circle cx="0" cy="-80" r="26" fill="#555"/><circle cx="0" cy="-80" r="10" fill="#ddd"/>`,
  bearing: (p) =>
    `<circle r="130" ${steel(p)}/><circle r="100" fill="#2e333b"/>${bolts(12, 80, 15, '#d5d9df')}` +
    `<circle r="58" fill="${p.metal}" stroke="#4a5260" stroke-width="4"/><circle r="32" fill="#ffffff"/>`,
  lamp: (p) =>
    `<path d="M-160,-60 Q-150,-100 -60,-100 L150,-70 Q170,-20 140,60 L-120,90 Q-170,60 -160,-60 Z" fill="#20242b" stroke="#555" stroke-width="4"/>` +
    `<circle cx="-70" cy="-10" r="48" fill="#e8eef7" stroke="${p.accent}" stroke-width="6"/><circle cx="-70" cy="-10" r="20" fill="#ffffff"/>` +
    `<circle cx="50" cy="-10" r="40" fill="#e8eef7" stroke="${p.accent}" stroke-width="6"/><circle cx="50" cy="-10" r="16" fill="#ffffff"/>` +
    `<path d="M-120,70 L130,40" stroke="${p.accent}" stroke-width="8" stroke-linecap="round"/>`,
  bulb: (p) =>
    `<circle cx="0" cy="-50" r="80" fill="#fff8d6" stroke="#c8b560" stroke-width="4"/>` +
    `<path d="M-20,-50 q10,-30 20,0 q10,30 20,0" fill="none" stroke="#d38b00" stroke-width="5"/>` +
    `<rect x="-40" y="26" width="80" height="70" fill="${p.metal}" stroke="#444" stroke-width="3"/>` +
    `<rect x="-26" y="96" width="52" height="40" rx="6" fill="${p.accent}"/>`,
  sensor: (p) =>
    `<rect x="-150" y="-24" width="120" height="48" rx="10" ${steel(p)}/><rect x="-30" y="-36" width="40" height="72" rx="6" fill="#333"/>` +
    `<path d="M10,0 C70,0 60,-90 120,-90" fill="none" stroke="#222" stroke-width="12" stroke-linecap="round"/>` +
    `<rect x="110" y="-120" width="50" height="60" rx="8" fill="${p.accent}"/>`,
  motor: (p) =>
    `<rect x="-120" y="-80" width="190" height="160" rx="24" ${steel(p)}/>` +
    Array.from(
      { length: 6 },
      (_, i) =>
        `<line x1="${-100 + i * 30}" y1="-80" x2="${-100 + i * 30}" y2="80" stroke="#5d6675" stroke-width="4"/>`,
    ).join('') +
    `<rect x="70" y="-60" width="40" height="120" rx="10" fill="${p.accent}"/><rect x="110" y="-10" width="50" height="20" fill="#555"/>`,
  battery: (p) =>
    `<rect x="-150" y="-90" width="300" height="190" rx="12" fill="#2b2f36"/><rect x="-150" y="-90" width="300" height="44" rx="12" fill="${p.accent}"/>` +
    `<rect x="-120" y="-118" width="40" height="28" fill="#c0392b"/><rect x="80" y="-118" width="40" height="28" fill="#555"/>` +
    `<text x="-100" y="30" font-size="60" fill="#fff">+</text><text x="70" y="30" font-size="60" fill="#fff">−</text>`,
  belt: (p) =>
    `<rect x="-150" y="-90" width="300" height="180" rx="90" fill="none" stroke="#2b2f36" stroke-width="26"/>` +
    `<rect x="-150" y="-90" width="300" height="180" rx="90" fill="none" stroke="${p.accent}" stroke-width="4" stroke-dasharray="8 8"/>`,
  blade: (p) =>
    `<path d="M-160,40 Q0,-60 160,40" fill="none" stroke="#22262c" stroke-width="18" stroke-linecap="round"/>` +
    `<path d="M-160,52 Q0,-48 160,52" fill="none" stroke="${p.metal}" stroke-width="6"/>` +
    `<rect x="-24" y="-30" width="48" height="30" rx="6" fill="${p.accent}"/>`,
  bottle: (p) =>
    `<path d="M-90,-90 L60,-90 L90,-60 L90,140 L-90,140 Z" fill="${p.accent}" stroke="#333" stroke-width="4"/>` +
    `<rect x="-70" y="-130" width="50" height="40" rx="6" fill="#222"/>` +
    `<path d="M30,-90 L30,-130 L80,-130 L80,-80" fill="none" stroke="#333" stroke-width="14"/>` +
    `<rect x="-70" y="-20" width="140" height="100" rx="8" fill="#ffffffdd"/>`,
  panel: (p) =>
    `<path d="M-170,-50 Q0,-110 170,-50 L160,50 Q0,90 -160,50 Z" fill="${p.metal}" stroke="#444" stroke-width="4"/>` +
    `<rect x="-100" y="-20" width="200" height="40" rx="14" fill="#2b2f36"/>` +
    `<circle cx="-130" cy="10" r="16" fill="${p.accent}"/><circle cx="130" cy="10" r="16" fill="${p.accent}"/>`,
  chain: (p) =>
    `<circle cx="-80" cy="0" r="70" ${steel(p)}/><circle cx="-80" r="18" fill="#333"/>` +
    `<circle cx="100" cy="0" r="50" ${steel(p)}/><circle cx="100" r="14" fill="#333"/>` +
    `<path d="M-80,-74 L100,-54 A54,54 0 0 1 100,54 L-80,74 A74,74 0 0 1 -80,-74 Z" fill="none" stroke="#2b2f36" stroke-width="14" stroke-dasharray="16 6"/>` +
    `<rect x="-20" y="-100" width="60" height="20" rx="8" fill="${p.accent}"/>`,
  box: (p) =>
    `<polygon points="0,-120 140,-60 0,0 -140,-60" fill="${p.metal}" stroke="#444" stroke-width="4"/>` +
    `<polygon points="-140,-60 0,0 0,140 -140,80" fill="#6b7380" stroke="#444" stroke-width="4"/>` +
    `<polygon points="140,-60 0,0 0,140 140,80" fill="${p.accent}" stroke="#444" stroke-width="4"/>`,
};

export function drawPartIcon(icon: PartIcon, p: Palette): string {
  return ICONS[icon](p);
}
