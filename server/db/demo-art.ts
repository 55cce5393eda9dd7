// The demo content's pictures, drawn rather than photographed (no photo of Saltillo here is ours
// to ship): a desert evening over the Sierra de Zapalinamé and, in front, a motif for what the
// item is about. Drawn once by `npm run demo:images` (scripts/demo-images.ts), which puts each
// through the upload pipeline and keeps the WebP sizes in server/db/demo-images/, so the first
// start copies files instead of drawing them.

export const DEMO_THEMES = [
  "musica",
  "teatro",
  "cine",
  "danza",
  "exposicion",
  "taller",
  "infantil",
  "literatura",
  "gastronomia",
  "deporte",
  "fotografia",
  "tradiciones",
  "parque",
  "ciudad",
] as const;
export type DemoTheme = (typeof DEMO_THEMES)[number];

export const DEMO_ART_WIDTH = 1600;
export const DEMO_ART_HEIGHT = 900;

const W = DEMO_ART_WIDTH;
const H = DEMO_ART_HEIGHT;

interface Palette {
  skyTop: string;
  skyLow: string;
  horizon: string;
  sun: string;
  ridge: string;
  /** Foreground colours, in the order motifs use them. */
  ink: [string, string, string, string];
}

// Sarape colours over desert skies: dusk, dawn, noon and night.
const PALETTES: Palette[] = [
  { skyTop: "#3d2c4e", skyLow: "#c8553d", horizon: "#f2a541", sun: "#f6e7cb", ridge: "#2b1d38", ink: ["#e63946", "#f4a261", "#2a9d8f", "#f1faee"] },
  { skyTop: "#264653", skyLow: "#e76f51", horizon: "#f4a261", sun: "#fff1d6", ridge: "#1d3540", ink: ["#e9c46a", "#e76f51", "#8ab17d", "#fefae0"] },
  { skyTop: "#6d6875", skyLow: "#b5838d", horizon: "#ffcdb2", sun: "#fff4ec", ridge: "#4a4453", ink: ["#e5989b", "#3d5a80", "#ffb703", "#fdf0d5"] },
  { skyTop: "#073b4c", skyLow: "#118ab2", horizon: "#8ecae6", sun: "#ffd166", ridge: "#052a36", ink: ["#ef476f", "#ffd166", "#06d6a0", "#fbf8f3"] },
  { skyTop: "#14213d", skyLow: "#3a3f7a", horizon: "#9d8ec9", sun: "#fce38a", ridge: "#0b1326", ink: ["#fca311", "#e5e5e5", "#d62828", "#90e0ef"] },
  { skyTop: "#5f0f40", skyLow: "#9a031e", horizon: "#fb8b24", sun: "#ffe8c2", ridge: "#3c0a29", ink: ["#e36414", "#0f4c5c", "#f6bd60", "#f7ede2"] },
];

/** A small deterministic generator (mulberry32 over an FNV-1a hash), so the same key draws the same picture. */
function randomFor(key: string): () => number {
  let h = 2166136261;
  for (const c of key) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = (h + 0x6d2b79f5) | 0;
    let t = Math.imul(h ^ (h >>> 15), h | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const n = (value: number) => value.toFixed(0);

function ridge(random: () => number, base: number, amplitude: number, peaks: number): string {
  let d = `M0 ${H}`;
  for (let i = 0; i <= peaks; i++) d += ` L${n((i / peaks) * W)} ${n(base - amplitude * random())}`;
  return `${d} L${W} ${H} Z`;
}

function landscape(random: () => number, p: Palette): string {
  const sunX = W * (0.15 + 0.7 * random());
  const sunY = H * (0.2 + 0.15 * random());
  return [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyTop}"/>` +
      `<stop offset="0.6" stop-color="${p.skyLow}"/><stop offset="1" stop-color="${p.horizon}"/></linearGradient>` +
      `<radialGradient id="sun"><stop offset="0" stop-color="${p.sun}"/><stop offset="0.55" stop-color="${p.sun}" stop-opacity="0.95"/>` +
      `<stop offset="1" stop-color="${p.sun}" stop-opacity="0"/></radialGradient></defs>`,
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>`,
    `<circle cx="${n(sunX)}" cy="${n(sunY)}" r="${n(H * 0.2)}" fill="url(#sun)"/>`,
    `<path d="${ridge(random, H * 0.6, H * 0.2, 8)}" fill="${p.ridge}" opacity="0.45"/>`,
    `<path d="${ridge(random, H * 0.72, H * 0.14, 12)}" fill="${p.ridge}" opacity="0.75"/>`,
  ].join("");
}

type Motif = (random: () => number, p: Palette) => string;

const [A, B, C, D] = [0, 1, 2, 3] as const;

const MOTIFS: Record<DemoTheme, Motif> = {
  musica: (random, p) => {
    // A record, its grooves catching the light.
    const cx = W * (0.35 + 0.3 * random());
    let grooves = "";
    for (let r = 110; r < 330; r += 14) grooves += `<circle cx="${n(cx)}" cy="520" r="${r}" fill="none" stroke="${p.ink[D]}" stroke-opacity="0.12" stroke-width="3"/>`;
    return `<circle cx="${n(cx)}" cy="520" r="340" fill="${p.ridge}"/>${grooves}<circle cx="${n(cx)}" cy="520" r="95" fill="${p.ink[A]}"/><circle cx="${n(cx)}" cy="520" r="12" fill="${p.ridge}"/>`;
  },
  teatro: (random, p) => {
    // Curtains drawn back, a scalloped valance above.
    const folds = (side: 1 | -1) => {
      let out = "";
      for (let i = 0; i < 6; i++) {
        const x = side === 1 ? i * 85 : W - i * 85;
        const inner = side === 1 ? x + 85 : x - 85;
        const waist = side === 1 ? 260 + i * 30 : W - 260 - i * 30;
        out += `<path d="M${x} 0 L${inner} 0 Q${waist} ${n(480 + random() * 60)} ${inner - side * 40} ${H} L${x} ${H} Z" fill="${p.ink[A]}" opacity="${i % 2 ? 0.8 : 1}"/>`;
      }
      return out;
    };
    let valance = `<rect width="${W}" height="70" fill="${p.ink[A]}"/>`;
    for (let x = 0; x < W; x += 100) valance += `<circle cx="${x + 50}" cy="70" r="50" fill="${p.ink[A]}"/>`;
    // The folds' lighter shade is the dark stage showing through.
    const backdrop = `<rect width="520" height="${H}" fill="${p.ridge}"/><rect x="${W - 520}" width="520" height="${H}" fill="${p.ridge}"/>`;
    return backdrop + folds(1) + folds(-1) + valance;
  },
  cine: (random, p) => {
    // A strip of film across the evening.
    const angle = -10 + random() * 6;
    let holes = "";
    for (let x = -100; x < W + 200; x += 70) holes += `<rect x="${x}" y="-115" width="34" height="26" rx="5" fill="${p.sun}"/><rect x="${x}" y="89" width="34" height="26" rx="5" fill="${p.sun}"/>`;
    let frames = "";
    for (let i = 0; i < 5; i++) frames += `<rect x="${i * 360 - 60}" y="-75" width="320" height="150" fill="${p.ink[(i % 3) as 0 | 1 | 2]}" opacity="0.85"/>`;
    return `<g transform="translate(0 560) rotate(${angle.toFixed(1)} ${W / 2} 0)"><rect x="-200" y="-130" width="${W + 400}" height="260" fill="${p.ridge}"/>${frames}${holes}</g>`;
  },
  danza: (random, p) => {
    // Ribbons in motion.
    let out = "";
    for (let i = 0; i < 4; i++) {
      const y = 420 + i * 90;
      const lift = 120 + random() * 160;
      out += `<path d="M-50 ${y} C${n(W * 0.25)} ${n(y - lift)} ${n(W * 0.45)} ${n(y + lift)} ${n(W * 0.7)} ${y} S${W + 50} ${n(y - lift / 2)} ${W + 50} ${y}" fill="none" stroke="${p.ink[(i % 4) as 0 | 1 | 2 | 3]}" stroke-width="${n(34 + random() * 30)}" stroke-linecap="round" opacity="0.9"/>`;
    }
    return out;
  },
  exposicion: (random, p) => {
    // Three framed pieces on a gallery wall.
    let out = `<rect y="360" width="${W}" height="${H - 360}" fill="${p.ink[D]}" opacity="0.92"/>`;
    const widths = [300, 380, 260];
    let x = 200 + random() * 100;
    widths.forEach((w, i) => {
      const h = 220 + random() * 120;
      out += `<rect x="${n(x)}" y="${n(430)}" width="${w}" height="${n(h)}" fill="${p.ink[(i % 3) as 0 | 1 | 2]}" stroke="${p.ridge}" stroke-width="18"/>`;
      out += `<circle cx="${n(x + w / 2)}" cy="${n(430 + h / 2)}" r="${n(Math.min(w, h) / 4)}" fill="${p.sun}" opacity="0.8"/>`;
      x += w + 120;
    });
    return out;
  },
  taller: (random, p) => {
    // Rows of rombos, the diamond at the heart of the sarape, as if carved into a print block.
    let out = "";
    for (let row = 0; row < 3; row++) {
      for (let x = -60 + (row % 2) * 80; x < W + 80; x += 160) {
        const y = 520 + row * 130;
        out += `<path d="M${x} ${y - 70} L${x + 70} ${y} L${x} ${y + 70} L${x - 70} ${y} Z" fill="${p.ink[((row + Math.floor(x / 160)) % 4) as 0 | 1 | 2 | 3]}" opacity="${(0.75 + random() * 0.25).toFixed(2)}"/>`;
      }
    }
    return out;
  },
  infantil: (random, p) => {
    // Balloons on strings.
    let out = "";
    for (let i = 0; i < 6; i++) {
      const x = 180 + i * 240 + random() * 60;
      const y = 260 + random() * 220;
      out += `<path d="M${n(x)} ${n(y + 95)} Q${n(x - 30)} ${n(y + 250)} ${n(x + 10)} ${H}" stroke="${p.ink[D]}" stroke-width="4" fill="none"/>`;
      out += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="75" ry="95" fill="${p.ink[(i % 3) as 0 | 1 | 2]}"/><ellipse cx="${n(x - 25)}" cy="${n(y - 35)}" rx="14" ry="24" fill="${p.sun}" opacity="0.55"/>`;
    }
    return out;
  },
  literatura: (random, p) => {
    // A shelf of books.
    let out = `<rect y="${H - 90}" width="${W}" height="90" fill="${p.ridge}"/>`;
    for (let x = 60; x < W - 60; ) {
      const w = 55 + random() * 60;
      const h = 260 + random() * 220;
      out += `<rect x="${n(x)}" y="${n(H - 90 - h)}" width="${n(w)}" height="${n(h)}" rx="6" fill="${p.ink[Math.floor(random() * 4) as 0 | 1 | 2 | 3]}"/>`;
      out += `<rect x="${n(x + 10)}" y="${n(H - 90 - h + 40)}" width="${n(w - 20)}" height="14" fill="${p.ridge}" opacity="0.35"/>`;
      x += w + 8;
    }
    return out;
  },
  gastronomia: (random, p) => {
    // A table seen from above: a plate, bread, a cup.
    const cx = W * (0.4 + 0.2 * random());
    let out = `<rect y="430" width="${W}" height="${H - 430}" fill="${p.ink[B]}" opacity="0.9"/>`;
    out += `<circle cx="${n(cx)}" cy="650" r="230" fill="${p.ink[D]}"/><circle cx="${n(cx)}" cy="650" r="170" fill="none" stroke="${p.ridge}" stroke-opacity="0.2" stroke-width="6"/>`;
    for (let i = 0; i < 7; i++) {
      const a = (i / 7) * Math.PI * 2 + random();
      out += `<circle cx="${n(cx + Math.cos(a) * 90)}" cy="${n(650 + Math.sin(a) * 90)}" r="${n(30 + random() * 20)}" fill="${p.ink[(i % 3) as 0 | 1 | 2]}"/>`;
    }
    out += `<circle cx="${n(cx + 420)}" cy="560" r="90" fill="${p.ink[D]}"/><circle cx="${n(cx + 420)}" cy="560" r="65" fill="${p.ridge}"/>`;
    return out;
  },
  deporte: (random, p) => {
    // Lanes of a running track curving away.
    let out = `<rect y="470" width="${W}" height="${H - 470}" fill="${p.ink[A]}"/>`;
    for (let i = 0; i < 6; i++) {
      const y = 500 + i * 70;
      out += `<path d="M-50 ${y + 200} Q${n(W * (0.45 + random() * 0.1))} ${y - 120} ${W + 50} ${y + 120}" fill="none" stroke="${p.ink[D]}" stroke-width="8"/>`;
    }
    return out;
  },
  fotografia: (random, p) => {
    // An aperture, half open.
    const cx = W * (0.35 + 0.3 * random());
    const cy = 520;
    let blades = "";
    for (let i = 0; i < 6; i++) {
      const a = (i / 6) * Math.PI * 2;
      const x1 = cx + Math.cos(a) * 260;
      const y1 = cy + Math.sin(a) * 260;
      const x2 = cx + Math.cos(a + 1.3) * 260;
      const y2 = cy + Math.sin(a + 1.3) * 260;
      const x3 = cx + Math.cos(a + 0.7) * 90;
      const y3 = cy + Math.sin(a + 0.7) * 90;
      blades += `<path d="M${n(x1)} ${n(y1)} L${n(x2)} ${n(y2)} L${n(x3)} ${n(y3)} Z" fill="${p.ink[(i % 2 ? B : C) as 1 | 2]}" stroke="${p.ridge}" stroke-width="6"/>`;
    }
    return `<circle cx="${n(cx)}" cy="${cy}" r="300" fill="${p.ridge}"/><circle cx="${n(cx)}" cy="${cy}" r="265" fill="${p.sun}"/>${blades}`;
  },
  tradiciones: (random, p) => {
    // A sarape: fine stripes and a chain of diamonds down the middle.
    let out = "";
    let y = 430;
    let i = 0;
    while (y < H) {
      const h = 8 + random() * 26;
      out += `<rect y="${n(y)}" width="${W}" height="${n(h + 1)}" fill="${p.ink[(i++ % 4) as 0 | 1 | 2 | 3]}"/>`;
      y += h;
    }
    for (let x = 0; x < W + 120; x += 120) out += `<path d="M${x} 560 L${x + 60} 665 L${x} 770 L${x - 60} 665 Z" fill="${p.ridge}" opacity="0.85"/><path d="M${x} 610 L${x + 30} 665 L${x} 720 L${x - 30} 665 Z" fill="${p.sun}"/>`;
    return out;
  },
  parque: (random, p) => {
    // Trees along a path.
    let out = `<rect y="640" width="${W}" height="${H - 640}" fill="${p.ink[C]}" opacity="0.9"/>`;
    for (let i = 0; i < 7; i++) {
      const x = 100 + i * 230 + random() * 60;
      const r = 85 + random() * 50;
      out += `<rect x="${n(x - 12)}" y="${n(640 - r)}" width="24" height="${n(r + 60)}" fill="${p.ridge}"/><circle cx="${n(x)}" cy="${n(600 - r)}" r="${n(r)}" fill="${p.ink[(i % 2 ? C : A) as 0 | 2]}"/>`;
    }
    return out;
  },
  ciudad: (random, p) => {
    // Rooftops and the cathedral's tower against the sky.
    let out = "";
    for (let x = 0; x < W; ) {
      const w = 110 + random() * 140;
      const h = 140 + random() * 170;
      out += `<rect x="${n(x)}" y="${n(H - h)}" width="${n(w + 2)}" height="${n(h)}" fill="${p.ridge}"/>`;
      for (let wx = x + 25; wx < x + w - 40; wx += 55) out += `<rect x="${n(wx)}" y="${n(H - h + 35)}" width="24" height="36" fill="${p.sun}" opacity="0.7"/>`;
      x += w;
    }
    const tx = W * (0.55 + 0.2 * random());
    out += `<rect x="${n(tx)}" y="330" width="120" height="${H - 330}" fill="${p.ridge}"/><path d="M${n(tx - 10)} 335 L${n(tx + 60)} 220 L${n(tx + 130)} 335 Z" fill="${p.ridge}"/>`;
    return out;
  },
};

/** The picture for one demo item as SVG text, `DEMO_ART_WIDTH` × `DEMO_ART_HEIGHT`. */
export function demoArtSvg(key: string, theme: DemoTheme): string {
  const random = randomFor(key);
  const palette = PALETTES[Math.floor(random() * PALETTES.length)]!;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    landscape(random, palette) +
    MOTIFS[theme](random, palette) +
    "</svg>"
  );
}
