/** Landscapes of Kenya for slides, cards and covers: palettes, motifs (schools, people, the sea, …) and the scene. */
import { rng } from './random.ts';

type Palette = {
  sky: [string, string, string];
  sun: string;
  far: string;
  near: string;
  ground: string;
  tree: string;
  figure: string;
};

const palettes = {
  sunrise: {
    sky: ['#fde68a', '#fdba74', '#fb923c'],
    sun: '#fff7ed',
    far: '#c2703d',
    near: '#9a4a1f',
    ground: '#7c3a14',
    tree: '#3b1d0c',
    figure: '#2a140a',
  },
  dusk: {
    sky: ['#fcd34d', '#f97316', '#9f1239'],
    sun: '#fef3c7',
    far: '#7c2d12',
    near: '#5b1f0e',
    ground: '#431407',
    tree: '#1f0a04',
    figure: '#1a0803',
  },
  golden: {
    sky: ['#fef9c3', '#fde047', '#f59e0b'],
    sun: '#fffbeb',
    far: '#b7791f',
    near: '#92561a',
    ground: '#6b3f12',
    tree: '#3a2208',
    figure: '#2b1806',
  },
  morning: {
    sky: ['#e0f2fe', '#fde68a', '#fdba74'],
    sun: '#fffbeb',
    far: '#94a36b',
    near: '#6b7c3f',
    ground: '#4d5a2b',
    tree: '#2c3318',
    figure: '#1f2410',
  },
  coast: {
    sky: ['#bae6fd', '#fde68a', '#fdba74'],
    sun: '#fffbeb',
    far: '#0e7490',
    near: '#155e75',
    ground: '#e9c88a',
    tree: '#3f3a1e',
    figure: '#2b2410',
  },
  highland: {
    sky: ['#dbeafe', '#fef3c7', '#fcd34d'],
    sun: '#fffbeb',
    far: '#64748b',
    near: '#4d7c0f',
    ground: '#3f6212',
    tree: '#1a2e05',
    figure: '#14210a',
  },
} satisfies Record<string, Palette>;

type PaletteName = keyof typeof palettes;

type Motif =
  | 'school'
  | 'hospital'
  | 'football'
  | 'books'
  | 'family'
  | 'children'
  | 'skyline'
  | 'sea'
  | 'flamingos'
  | 'water'
  | 'houses'
  | 'heart'
  | 'tent'
  | 'laptop'
  | 'mountain'
  | 'hands'
  | 'gifts';

/** Rolling hills as a closed path across the width, with its crest near y. */
function hill(w: number, h: number, y: number, amp: number, r: () => number, fill: string): string {
  const n = 4;
  let d = `M0 ${y + (r() - 0.5) * amp}`;
  for (let i = 1; i <= n; i++) {
    const x = (w / n) * i;
    const cx = x - w / n / 2;
    d += ` Q${cx.toFixed(0)} ${(y - amp * (0.3 + r())).toFixed(0)} ${x.toFixed(0)} ${(y + (r() - 0.5) * amp).toFixed(0)}`;
  }
  return `<path d="${d} L${w} ${h} L0 ${h} Z" fill="${fill}"/>`;
}

/** A few distant birds gliding across the sky. */
function birds(w: number, h: number, r: () => number, stroke: string): string {
  let out = '';
  const count = 3 + Math.floor(r() * 3);
  for (let i = 0; i < count; i++) {
    const x = w * (0.15 + r() * 0.5);
    const y = h * (0.12 + r() * 0.2);
    const k = (h / 600) * (6 + r() * 5);
    out += `<path d="M${(x - 2 * k).toFixed(1)} ${y.toFixed(1)} q${k.toFixed(1)} -${k.toFixed(1)} ${(2 * k).toFixed(1)} 0 q${k.toFixed(1)} -${k.toFixed(1)} ${(2 * k).toFixed(1)} 0"/>`;
  }
  return `<g fill="none" stroke="${stroke}" stroke-width="${((h / 600) * 2.2).toFixed(1)}" stroke-linecap="round" opacity="0.7">${out}</g>`;
}

/** An acacia: thin trunk and a wide flat crown. */
function acacia(x: number, base: number, s: number, fill: string): string {
  return `<g fill="${fill}">
<path d="M${x - 2 * s} ${base} L${x - 1 * s} ${base - 40 * s} L${x - 14 * s} ${base - 58 * s} L${x - 12 * s} ${base - 60 * s} L${x} ${base - 46 * s} L${x + 10 * s} ${base - 62 * s} L${x + 13 * s} ${base - 60 * s} L${x + 2 * s} ${base - 40 * s} L${x + 3 * s} ${base} Z"/>
<ellipse cx="${x - 8 * s}" cy="${base - 64 * s}" rx="${34 * s}" ry="${9 * s}"/>
<ellipse cx="${x + 14 * s}" cy="${base - 67 * s}" rx="${30 * s}" ry="${8 * s}"/>
<ellipse cx="${x + 2 * s}" cy="${base - 72 * s}" rx="${24 * s}" ry="${7 * s}"/>
</g>`;
}

/** A standing person: round head and a rounded body; child when small. */
function person(x: number, base: number, height: number, fill: string, dress = false): string {
  const head = height * 0.16;
  const bodyW = height * (dress ? 0.34 : 0.26);
  const top = base - height + head * 2;
  const body = dress
    ? `<path d="M${x - bodyW * 0.3} ${top} L${x + bodyW * 0.3} ${top} L${x + bodyW / 2} ${base - height * 0.32} L${x - bodyW / 2} ${base - height * 0.32} Z"/>`
    : `<rect x="${x - bodyW / 2}" y="${top}" width="${bodyW}" height="${height * 0.42}" rx="${bodyW / 2.6}"/>`;
  const legW = height * 0.07;
  return `<g fill="${fill}">
<circle cx="${x}" cy="${base - height + head}" r="${head}"/>
${body}
<rect x="${x - bodyW * 0.28}" y="${base - height * 0.4}" width="${legW}" height="${height * 0.4}" rx="${legW / 2}"/>
<rect x="${x + bodyW * 0.28 - legW}" y="${base - height * 0.4}" width="${legW}" height="${height * 0.4}" rx="${legW / 2}"/>
</g>`;
}

function school(x: number, base: number, s: number): string {
  const w = 260 * s;
  const h = 110 * s;
  let windows = '';
  for (let i = 0; i < 4; i++) {
    const wx = x + 20 * s + i * 60 * s + (i >= 2 ? 30 * s : 0);
    windows += `<rect x="${wx}" y="${base - h + 30 * s}" width="${34 * s}" height="${30 * s}" rx="${3 * s}" fill="#fde68a" stroke="#7c2d12" stroke-width="${3 * s}"/>`;
  }
  return `<g>
<rect x="${x}" y="${base - h}" width="${w}" height="${h}" fill="#fef3c7"/>
<rect x="${x}" y="${base - 22 * s}" width="${w}" height="${22 * s}" fill="#b45309"/>
<path d="M${x - 16 * s} ${base - h} L${x + w / 2} ${base - h - 56 * s} L${x + w + 16 * s} ${base - h} Z" fill="#991b1b"/>
<circle cx="${x + w / 2}" cy="${base - h - 22 * s}" r="${11 * s}" fill="#fef3c7"/>
${windows}
<rect x="${x + w / 2 - 18 * s}" y="${base - 62 * s}" width="${36 * s}" height="${62 * s}" fill="#1e3a8a"/>
<rect x="${x + w + 40 * s}" y="${base - 170 * s}" width="${4 * s}" height="${170 * s}" fill="#44403c"/>
<path d="M${x + w + 44 * s} ${base - 168 * s} h${46 * s} v${10 * s} h-${46 * s} Z" fill="#111827"/>
<path d="M${x + w + 44 * s} ${base - 158 * s} h${46 * s} v${8 * s} h-${46 * s} Z" fill="#b91c1c"/>
<path d="M${x + w + 44 * s} ${base - 150 * s} h${46 * s} v${10 * s} h-${46 * s} Z" fill="#15803d"/>
</g>`;
}

function hospital(x: number, base: number, s: number): string {
  const w = 240 * s;
  const h = 170 * s;
  let windows = '';
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 4; col++) {
      if (row === 2 && (col === 1 || col === 2)) continue;
      windows += `<rect x="${x + 22 * s + col * 54 * s}" y="${base - h + 52 * s + row * 40 * s}" width="${32 * s}" height="${24 * s}" rx="${3 * s}" fill="#bae6fd"/>`;
    }
  }
  return `<g>
<rect x="${x}" y="${base - h}" width="${w}" height="${h}" fill="#f8fafc"/>
<rect x="${x - 8 * s}" y="${base - h - 10 * s}" width="${w + 16 * s}" height="${14 * s}" fill="#0f766e"/>
<rect x="${x + w / 2 - 22 * s}" y="${base - h - 58 * s}" width="${44 * s}" height="${44 * s}" rx="${6 * s}" fill="#ffffff"/>
<path d="M${x + w / 2 - 6 * s} ${base - h - 50 * s} h${12 * s} v${12 * s} h${12 * s} v${12 * s} h-${12 * s} v${12 * s} h-${12 * s} v-${12 * s} h-${12 * s} v-${12 * s} h${12 * s} Z" fill="#dc2626"/>
${windows}
<rect x="${x + w / 2 - 30 * s}" y="${base - 46 * s}" width="${60 * s}" height="${46 * s}" fill="#0f766e"/>
<rect x="${x + w / 2 - 2 * s}" y="${base - 46 * s}" width="${4 * s}" height="${46 * s}" fill="#ccfbf1"/>
</g>`;
}

function football(cx: number, cy: number, r: number): string {
  const pent = (px: number, py: number, pr: number) => {
    const pts = Array.from({ length: 5 }, (_, i) => {
      const a = -Math.PI / 2 + (i * 2 * Math.PI) / 5;
      return `${(px + pr * Math.cos(a)).toFixed(1)},${(py + pr * Math.sin(a)).toFixed(1)}`;
    });
    return `<polygon points="${pts.join(' ')}" fill="#111827"/>`;
  };
  return `<g>
<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" stroke="#111827" stroke-width="${r * 0.06}"/>
${pent(cx, cy, r * 0.32)}
${pent(cx - r * 0.72, cy - r * 0.3, r * 0.2)}
${pent(cx + r * 0.72, cy - r * 0.3, r * 0.2)}
${pent(cx - r * 0.45, cy + r * 0.7, r * 0.2)}
${pent(cx + r * 0.45, cy + r * 0.7, r * 0.2)}
</g>`;
}

function goal(x: number, base: number, s: number): string {
  let net = '';
  for (let i = 1; i < 8; i++)
    net += `<line x1="${x + i * 30 * s}" y1="${base - 100 * s}" x2="${x + i * 30 * s}" y2="${base}" />`;
  for (let j = 1; j < 4; j++)
    net += `<line x1="${x}" y1="${base - j * 25 * s}" x2="${x + 240 * s}" y2="${base - j * 25 * s}" />`;
  return `<g><g stroke="#ffffff" stroke-opacity="0.45" stroke-width="${1.5 * s}">${net}</g>
<path d="M${x} ${base} V${base - 100 * s} H${x + 240 * s} V${base}" fill="none" stroke="#ffffff" stroke-width="${7 * s}"/></g>`;
}

function books(x: number, base: number, s: number): string {
  const colors = ['#b91c1c', '#1d4ed8', '#15803d', '#a16207', '#7e22ce'];
  let out = '';
  let y = base;
  colors.forEach((c, i) => {
    const w = (150 - i * 12) * s;
    const h = 22 * s;
    const off = (i % 2 ? 8 : -6) * s;
    out += `<rect x="${x + off + (150 * s - w) / 2}" y="${y - h}" width="${w}" height="${h}" rx="${3 * s}" fill="${c}"/>
<rect x="${x + off + (150 * s - w) / 2 + 8 * s}" y="${y - h + 8 * s}" width="${w * 0.4}" height="${4 * s}" fill="#fef3c7" opacity="0.8"/>`;
    y -= h + 2 * s;
  });
  // An open book on top of the pile.
  out += `<path d="M${x + 75 * s} ${y - 6 * s} Q${x + 40 * s} ${y - 30 * s} ${x + 5 * s} ${y - 20 * s} L${x + 5 * s} ${y} Q${x + 40 * s} ${y - 10 * s} ${x + 75 * s} ${y + 4 * s} Z" fill="#fffbeb" stroke="#78350f" stroke-width="${2 * s}"/>
<path d="M${x + 75 * s} ${y - 6 * s} Q${x + 110 * s} ${y - 30 * s} ${x + 145 * s} ${y - 20 * s} L${x + 145 * s} ${y} Q${x + 110 * s} ${y - 10 * s} ${x + 75 * s} ${y + 4 * s} Z" fill="#fffbeb" stroke="#78350f" stroke-width="${2 * s}"/>`;
  return `<g>${out}</g>`;
}

function skyline(w: number, base: number, s: number, fill: string): string {
  const r = rng(7);
  let out = '';
  let x = w * 0.05;
  while (x < w * 0.95) {
    const bw = (30 + r() * 50) * s;
    const bh = (60 + r() * 140) * s;
    out += `<rect x="${x}" y="${base - bh}" width="${bw}" height="${bh}"/>`;
    x += bw + 6 * s;
  }
  // A round-topped tower like the city's conference-centre landmark.
  const tx = w * 0.58;
  out += `<rect x="${tx}" y="${base - 250 * s}" width="${36 * s}" height="${250 * s}" rx="${6 * s}"/>
<ellipse cx="${tx + 18 * s}" cy="${base - 252 * s}" rx="${30 * s}" ry="${8 * s}"/>
<rect x="${tx + 16 * s}" y="${base - 285 * s}" width="${4 * s}" height="${30 * s}"/>`;
  return `<g fill="${fill}" opacity="0.85">${out}</g>`;
}

function sea(w: number, h: number, top: number): string {
  let waves = '';
  for (let i = 0; i < 5; i++) {
    const y = top + 20 + i * 22;
    waves += `<path d="M0 ${y} Q${w / 8} ${y - 6} ${w / 4} ${y} T${w / 2} ${y} T${(3 * w) / 4} ${y} T${w} ${y}" fill="none" stroke="#e0f2fe" stroke-opacity="0.5" stroke-width="3"/>`;
  }
  const dx = w * 0.3;
  const dhow = `<path d="M${dx - 70} ${top + 40} L${dx + 70} ${top + 40} L${dx + 50} ${top + 62} L${dx - 55} ${top + 62} Z" fill="#78350f"/>
<path d="M${dx - 4} ${top + 40} L${dx - 4} ${top - 90} L${dx + 70} ${top + 30} Z" fill="#fffbeb"/>`;
  return `<rect x="0" y="${top}" width="${w}" height="${h - top}" fill="#0e7490"/>${waves}${dhow}`;
}

function flamingo(x: number, base: number, s: number): string {
  return `<g fill="#f472b6">
<ellipse cx="${x}" cy="${base - 60 * s}" rx="${22 * s}" ry="${13 * s}"/>
<path d="M${x + 16 * s} ${base - 64 * s} Q${x + 30 * s} ${base - 90 * s} ${x + 22 * s} ${base - 110 * s}" stroke="#f472b6" stroke-width="${5 * s}" fill="none"/>
<circle cx="${x + 22 * s}" cy="${base - 112 * s}" r="${6 * s}"/>
<path d="M${x + 26 * s} ${base - 113 * s} l${10 * s} ${6 * s} l-${4 * s} ${3 * s} Z" fill="#1f2937"/>
<rect x="${x - 1 * s}" y="${base - 48 * s}" width="${2.5 * s}" height="${48 * s}" fill="#db2777"/>
</g>`;
}

function waterTank(x: number, base: number, s: number): string {
  let drops = '';
  for (let i = 0; i < 3; i++) {
    const dy = base - 50 * s + i * 16 * s;
    drops += `<path d="M${x + 112 * s} ${dy} q${5 * s} ${8 * s} 0 ${11 * s} q-${5 * s} -${3 * s} 0 -${11 * s} Z" fill="#38bdf8"/>`;
  }
  return `<g>
<rect x="${x + 10 * s}" y="${base - 120 * s}" width="${8 * s}" height="${120 * s}" fill="#57534e"/>
<rect x="${x + 82 * s}" y="${base - 120 * s}" width="${8 * s}" height="${120 * s}" fill="#57534e"/>
<rect x="${x}" y="${base - 210 * s}" width="${100 * s}" height="${96 * s}" rx="${14 * s}" fill="#1d4ed8"/>
<rect x="${x}" y="${base - 180 * s}" width="${100 * s}" height="${6 * s}" fill="#1e40af"/>
<rect x="${x}" y="${base - 150 * s}" width="${100 * s}" height="${6 * s}" fill="#1e40af"/>
<path d="M${x + 90 * s} ${base - 80 * s} h${24 * s} v${18 * s}" stroke="#a8a29e" stroke-width="${7 * s}" fill="none"/>
${drops}
<ellipse cx="${x + 112 * s}" cy="${base - 2 * s}" rx="${26 * s}" ry="${6 * s}" fill="#7dd3fc" opacity="0.8"/>
</g>`;
}

function houses(x: number, base: number, s: number): string {
  const walls = ['#fde68a', '#fecaca', '#bbf7d0', '#bfdbfe'];
  let out = '';
  walls.forEach((c, i) => {
    const hx = x + i * 92 * s;
    const hh = (60 + (i % 2) * 14) * s;
    out += `<rect x="${hx}" y="${base - hh}" width="${84 * s}" height="${hh}" fill="${c}"/>
<path d="M${hx - 6 * s} ${base - hh} L${hx + 90 * s} ${base - hh - 14 * s} L${hx + 90 * s} ${base - hh + 4 * s} L${hx - 6 * s} ${base - hh + 10 * s} Z" fill="#94a3b8"/>
<rect x="${hx + 12 * s}" y="${base - 34 * s}" width="${20 * s}" height="${34 * s}" fill="#7c2d12"/>
<rect x="${hx + 48 * s}" y="${base - hh + 22 * s}" width="${22 * s}" height="${18 * s}" fill="#fef9c3" stroke="#57534e" stroke-width="${2 * s}"/>`;
  });
  return `<g>${out}</g>`;
}

function heart(cx: number, cy: number, s: number, fill: string): string {
  return `<path d="M${cx} ${cy + 30 * s} C${cx - 60 * s} ${cy - 10 * s} ${cx - 30 * s} ${cy - 50 * s} ${cx} ${cy - 22 * s} C${cx + 30 * s} ${cy - 50 * s} ${cx + 60 * s} ${cy - 10 * s} ${cx} ${cy + 30 * s} Z" fill="${fill}"/>`;
}

function tent(x: number, base: number, s: number): string {
  return `<g>
<path d="M${x} ${base} L${x + 130 * s} ${base - 130 * s} L${x + 260 * s} ${base} Z" fill="#f8fafc"/>
<path d="M${x + 100 * s} ${base} L${x + 130 * s} ${base - 130 * s} L${x + 160 * s} ${base} Z" fill="#cbd5e1"/>
<path d="M${x + 122 * s} ${base - 96 * s} h${16 * s} v${14 * s} h${14 * s} v${16 * s} h-${14 * s} v${14 * s} h-${16 * s} v-${14 * s} h-${14 * s} v-${16 * s} h${14 * s} Z" fill="#dc2626"/>
</g>`;
}

function laptop(x: number, base: number, s: number): string {
  return `<g>
<rect x="${x}" y="${base - 120 * s}" width="${180 * s}" height="${110 * s}" rx="${8 * s}" fill="#1f2937"/>
<rect x="${x + 10 * s}" y="${base - 110 * s}" width="${160 * s}" height="${90 * s}" rx="${3 * s}" fill="#38bdf8"/>
<rect x="${x + 24 * s}" y="${base - 96 * s}" width="${80 * s}" height="${8 * s}" fill="#f0f9ff"/>
<rect x="${x + 24 * s}" y="${base - 80 * s}" width="${120 * s}" height="${6 * s}" fill="#e0f2fe"/>
<rect x="${x + 24 * s}" y="${base - 68 * s}" width="${100 * s}" height="${6 * s}" fill="#e0f2fe"/>
<path d="M${x - 20 * s} ${base - 10 * s} h${220 * s} l-${14 * s} ${10 * s} h-${192 * s} Z" fill="#6b7280"/>
</g>`;
}

function mountain(w: number, base: number, s: number): string {
  const cx = w * 0.3;
  return `<g>
<path d="M${cx - 320 * s} ${base} L${cx - 30 * s} ${base - 250 * s} L${cx} ${base - 280 * s} L${cx + 40 * s} ${base - 240 * s} L${cx + 340 * s} ${base} Z" fill="#64748b" opacity="0.8"/>
<path d="M${cx - 72 * s} ${base - 212 * s} L${cx - 30 * s} ${base - 250 * s} L${cx} ${base - 280 * s} L${cx + 40 * s} ${base - 240 * s} L${cx + 78 * s} ${base - 206 * s} L${cx + 30 * s} ${base - 220 * s} L${cx} ${base - 200 * s} L${cx - 30 * s} ${base - 222 * s} Z" fill="#f8fafc"/>
</g>`;
}

function gifts(x: number, base: number, s: number): string {
  const box = (bx: number, bw: number, bh: number, c: string, ribbon: string) =>
    `<rect x="${bx}" y="${base - bh}" width="${bw}" height="${bh}" fill="${c}"/>
<rect x="${bx + bw / 2 - 5 * s}" y="${base - bh}" width="${10 * s}" height="${bh}" fill="${ribbon}"/>
<rect x="${bx}" y="${base - bh * 0.6}" width="${bw}" height="${8 * s}" fill="${ribbon}"/>
<ellipse cx="${bx + bw / 2 - 10 * s}" cy="${base - bh - 6 * s}" rx="${12 * s}" ry="${7 * s}" fill="${ribbon}"/>
<ellipse cx="${bx + bw / 2 + 10 * s}" cy="${base - bh - 6 * s}" rx="${12 * s}" ry="${7 * s}" fill="${ribbon}"/>`;
  return `<g>${box(x, 90 * s, 80 * s, '#15803d', '#fde047')}${box(x + 100 * s, 70 * s, 110 * s, '#b91c1c', '#fef3c7')}${box(x + 180 * s, 80 * s, 60 * s, '#1d4ed8', '#fbbf24')}</g>`;
}

/** Open hands raised together, in several skin tones, as in a gesture of welcome. */
function hands(cx: number, base: number, s: number): string {
  const tones = ['#5b3a24', '#a4693f', '#7a4a2b', '#c68a5a', '#8d5a36'];
  let out = '';
  [-160, -80, 0, 80, 160].forEach((dx, i) => {
    const x = cx + dx * s;
    const top = base - (230 + (i % 2 ? 0 : 40) - Math.abs(dx) * 0.3) * s;
    const tilt = dx * 0.06;
    const fingers = [44, 52, 50, 40]
      .map(
        (fh, j) =>
          `<rect x="${x - 27 * s + j * 14 * s}" y="${top + 24 * s - fh * s}" width="${12 * s}" height="${(fh + 20) * s}" rx="${6 * s}"/>`,
      )
      .join('');
    out += `<g fill="${tones[i % tones.length]}" transform="rotate(${tilt.toFixed(1)} ${x} ${base})">
<rect x="${x - 17 * s}" y="${top + 60 * s}" width="${34 * s}" height="${base - top}" rx="${14 * s}"/>
<rect x="${x - 29 * s}" y="${top + 14 * s}" width="${58 * s}" height="${66 * s}" rx="${22 * s}"/>
${fingers}
<rect x="${x - 35 * s}" y="${top + 28 * s}" width="${14 * s}" height="${48 * s}" rx="${7 * s}" transform="rotate(-32 ${x - 28 * s} ${top + 76 * s})"/>
<rect x="${x - 17 * s}" y="${top + 96 * s}" width="${34 * s}" height="${10 * s}" fill="#fde047" opacity="0.9"/>
</g>`;
  });
  return `<g>${out}</g>`;
}

/** What a landscape shows: its palette, foreground motifs, random seed and where the sun stands. */
export type SceneOptions = { palette: PaletteName; motifs: Motif[]; seed: number; sun?: 'left' | 'center' | 'right' };

/** A landscape: sky, sun, hills, acacias, then the chosen motifs in the foreground. */
export function scene(w: number, h: number, { palette, motifs, seed, sun = 'right' }: SceneOptions): string {
  const p: Palette = palettes[palette];
  const r = rng(seed);
  const s = h / 600;
  const horizon = h * 0.72;
  const sunX = sun === 'left' ? w * 0.2 : sun === 'center' ? w * 0.5 : w * 0.78;
  const sunY = h * 0.36;
  const parts: string[] = [];
  parts.push(`<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="0.55" stop-color="${p.sky[1]}"/><stop offset="1" stop-color="${p.sky[2]}"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="${p.sun}" stop-opacity="0.9"/><stop offset="1" stop-color="${p.sun}" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${w}" height="${h}" fill="url(#sky)"/>
<circle cx="${sunX}" cy="${sunY}" r="${h * 0.36}" fill="url(#glow)"/>
<circle cx="${sunX}" cy="${sunY}" r="${h * 0.11}" fill="${p.sun}"/>`);
  if (motifs.includes('heart')) parts.push(heart(sunX, sunY, s * 0.9, '#e11d48'));
  parts.push(birds(w, h, r, p.tree));
  if (motifs.includes('mountain')) parts.push(mountain(w, horizon, s));
  parts.push(hill(w, h, horizon - 40 * s, 60 * s, r, p.far));
  if (motifs.includes('skyline')) parts.push(skyline(w, horizon, s, p.near));
  parts.push(hill(w, h, horizon + 10 * s, 40 * s, r, p.near));
  parts.push(`<rect x="0" y="${horizon + 40 * s}" width="${w}" height="${h}" fill="${p.ground}"/>`);
  if (motifs.includes('sea')) parts.push(sea(w, h, horizon + 10 * s));
  if (motifs.includes('flamingos')) {
    parts.push(`<rect x="0" y="${horizon + 20 * s}" width="${w}" height="${h}" fill="#7dd3fc" opacity="0.9"/>`);
    for (let i = 0; i < 6; i++)
      parts.push(flamingo(w * (0.1 + i * 0.15) + r() * 30 * s, h * 0.96 - (i % 2) * 20 * s, s * (0.9 + r() * 0.3)));
  }
  const treeCount = 2 + Math.floor(r() * 2);
  for (let i = 0; i < treeCount; i++) {
    const tx = w * (0.08 + (i / treeCount) * 0.85 + r() * 0.06);
    parts.push(acacia(tx, horizon + 30 * s, s * (1.4 + r() * 0.9), p.tree));
  }
  const ground = h * 0.93;
  const left = w * 0.08;
  for (const m of motifs) {
    if (m === 'school') parts.push(school(w * 0.3, ground, s * 1.15));
    if (m === 'hospital') parts.push(hospital(w * 0.52, ground, s * 1.2));
    if (m === 'football') {
      parts.push(goal(w * 0.58, ground - 20 * s, s * 1.3));
      parts.push(football(w * 0.36, ground - 34 * s, 30 * s));
    }
    // Beside a school, books move right so they clear its flag pole.
    if (m === 'books')
      parts.push(
        books(motifs.includes('school') ? w - 190 * s : w * 0.7, ground, s * (motifs.includes('school') ? 1 : 1.1)),
      );
    if (m === 'water') parts.push(waterTank(w * 0.58, ground, s * 1.1));
    if (m === 'houses') parts.push(houses(motifs.includes('hospital') ? w * 0.03 : w * 0.5, ground, s * 1.1));
    if (m === 'tent') parts.push(tent(w * 0.55, ground, s * 1.2));
    if (m === 'laptop') parts.push(laptop(w * 0.6, ground, s * 1.2));
    if (m === 'gifts') parts.push(gifts(w * 0.62, ground, s * 1.1));
    if (m === 'hands') parts.push(hands(w * 0.5, h, s * 1.3));
    if (m === 'family') {
      parts.push(person(left + 40 * s, ground, 170 * s, p.figure, true));
      parts.push(person(left + 100 * s, ground, 110 * s, p.figure));
      parts.push(person(left + 150 * s, ground, 95 * s, p.figure, true));
      parts.push(person(left + 210 * s, ground, 180 * s, p.figure));
    }
    if (m === 'children') {
      const xs = [0, 60, 120, 180];
      xs.forEach((dx, i) =>
        parts.push(person(left + dx * s + 30 * s, ground, (95 + (i % 3) * 14) * s, p.figure, i % 2 === 1)),
      );
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${parts.join('\n')}</svg>`;
}
