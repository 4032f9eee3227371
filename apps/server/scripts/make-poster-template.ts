/**
 * Draws the participation poster's template (a PNG) from an SVG with sharp.
 * Run: `npx tsx apps/server/scripts/make-poster-template.ts` (writes apps/server/assets/poster-template.webp).
 *
 * The web client draws on top of it (packages/contract POSTER): the profile picture as a circle of
 * 660 px diameter at (280, 380) and the name in bold 60 px white, 100 px below the circle. The canvas
 * is 1220 px wide so that circle sits exactly in the middle (centre x = 280 + 330 = 610).
 */
import sharp from 'sharp';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXAM_FAMILIES, POSTER } from '@quizcast/contract/constants';

export const POSTER_WIDTH = 1220;
export const POSTER_HEIGHT = 1920;

const here = path.dirname(fileURLToPath(import.meta.url));
const output = path.resolve(here, '../assets/poster-template.webp');

const r = POSTER.pictureDiameterPx / 2;
const cx = POSTER.pictureX + r;
const cy = POSTER.pictureY + r;
const nameBaseline = POSTER.pictureY + POSTER.pictureDiameterPx + POSTER.nameOffsetBelowPx;
const font = `'Noto Sans', 'DejaVu Sans', 'Liberation Sans', sans-serif`;

/** Deterministic scatter, so the committed PNG is reproducible. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function confetti(): string {
  const rng = mulberry32(1122);
  const colours = ['#fbbf24', '#f472b6', '#38bdf8', '#a78bfa', '#34d399', '#fde68a'];
  const pieces: string[] = [];
  let placed = 0;
  while (placed < 70) {
    const x = rng() * POSTER_WIDTH;
    const y = 40 + rng() * 1180;
    // Keep the headline, the picture ring and the name band clear.
    const nearCircle = Math.hypot(x - cx, y - cy) < r + 90;
    const inHeadline = y > 170 && y < 340 && x > 170 && x < 1050;
    const inName = y > 1060 && y < 1300;
    const inLogo = y < 170 && x > 330 && x < 890;
    if (nearCircle || inHeadline || inName || inLogo) continue;
    placed += 1;
    const colour = colours[Math.floor(rng() * colours.length)]!;
    const opacity = (0.45 + rng() * 0.5).toFixed(2);
    const angle = Math.floor(rng() * 180);
    if (rng() < 0.55) {
      const w = 10 + rng() * 16;
      const h = 5 + rng() * 7;
      pieces.push(
        `<rect x="${(x - w / 2).toFixed(1)}" y="${(y - h / 2).toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" rx="2" fill="${colour}" opacity="${opacity}" transform="rotate(${angle} ${x.toFixed(1)} ${y.toFixed(1)})"/>`,
      );
    } else {
      pieces.push(
        `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(3 + rng() * 6).toFixed(1)}" fill="${colour}" opacity="${opacity}"/>`,
      );
    }
  }
  return pieces.join('\n');
}

function soundWaves(): string {
  // Concentric arcs behind the picture: the product is audio-first.
  return [1, 2, 3, 4, 5]
    .map((i) => {
      const radius = r + 40 + i * 46;
      const opacity = (0.16 - i * 0.025).toFixed(3);
      return `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="none" stroke="#c4b5fd" stroke-width="3" opacity="${opacity}"/>`;
    })
    .join('\n');
}

function sparkle(x: number, y: number, size: number, colour: string): string {
  const s = size;
  return `<path d="M ${x} ${y - s} C ${x + s * 0.15} ${y - s * 0.15} ${x + s * 0.15} ${y - s * 0.15} ${x + s} ${y} C ${x + s * 0.15} ${y + s * 0.15} ${x + s * 0.15} ${y + s * 0.15} ${x} ${y + s} C ${x - s * 0.15} ${y + s * 0.15} ${x - s * 0.15} ${y + s * 0.15} ${x - s} ${y} C ${x - s * 0.15} ${y - s * 0.15} ${x - s * 0.15} ${y - s * 0.15} ${x} ${y - s} Z" fill="${colour}"/>`;
}

function examChips(y: number): string {
  const widths = EXAM_FAMILIES.map((e) => 44 + e.length * 21);
  const gap = 18;
  const total = widths.reduce((a, b) => a + b, 0) + gap * (widths.length - 1);
  let x = (POSTER_WIDTH - total) / 2;
  return EXAM_FAMILIES.map((exam, i) => {
    const w = widths[i]!;
    const chip = `<rect x="${x}" y="${y - 40}" width="${w}" height="60" rx="30" fill="#ffffff" fill-opacity="0.10" stroke="#ffffff" stroke-opacity="0.22" stroke-width="2"/>
<text x="${x + w / 2}" y="${y}" text-anchor="middle" font-family="${font}" font-size="30" font-weight="700" fill="#ede9fe">${exam}</text>`;
    x += w + gap;
    return chip;
  }).join('\n');
}

/** lucide "headphones", drawn at 24 px units. */
const HEADPHONES =
  'M3 14h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-7a9 9 0 0 1 18 0v7a2 2 0 0 1-2 2h-1a2 2 0 0 1-2-2v-3a2 2 0 0 1 2-2h3';

export function posterTemplateSvg(): string {
  const logoSize = 84;
  const wordmarkWidth = 330; // "Quizcast" at 72 px bold, measured
  const logoX = (POSTER_WIDTH - (logoSize + 24 + wordmarkWidth)) / 2;
  const logoY = 78;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${POSTER_WIDTH}" height="${POSTER_HEIGHT}" viewBox="0 0 ${POSTER_WIDTH} ${POSTER_HEIGHT}">
<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="0.35" y2="1">
    <stop offset="0" stop-color="#2e1065"/>
    <stop offset="0.45" stop-color="#4c1d95"/>
    <stop offset="1" stop-color="#1e1b4b"/>
  </linearGradient>
  <radialGradient id="glowAmber" cx="0.5" cy="0.5" r="0.5">
    <stop offset="0" stop-color="#f472b6" stop-opacity="0.30"/>
    <stop offset="1" stop-color="#f472b6" stop-opacity="0"/>
  </radialGradient>
  <radialGradient id="glowPink" cx="0.5" cy="0.5" r="0.5">
    <stop offset="0" stop-color="#d946ef" stop-opacity="0.32"/>
    <stop offset="1" stop-color="#d946ef" stop-opacity="0"/>
  </radialGradient>
  <radialGradient id="glowHalo" cx="0.5" cy="0.5" r="0.5">
    <stop offset="0.55" stop-color="#a78bfa" stop-opacity="0.35"/>
    <stop offset="1" stop-color="#a78bfa" stop-opacity="0"/>
  </radialGradient>
  <linearGradient id="ring" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#fde68a"/>
    <stop offset="0.5" stop-color="#f59e0b"/>
    <stop offset="1" stop-color="#fbbf24"/>
  </linearGradient>
  <linearGradient id="photo" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#6d28d9"/>
    <stop offset="1" stop-color="#4338ca"/>
  </linearGradient>
  <linearGradient id="card" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#ffffff" stop-opacity="0.12"/>
    <stop offset="1" stop-color="#ffffff" stop-opacity="0.05"/>
  </linearGradient>
</defs>
<rect width="${POSTER_WIDTH}" height="${POSTER_HEIGHT}" fill="url(#bg)"/>
<circle cx="1110" cy="140" r="520" fill="url(#glowAmber)"/>
<circle cx="60" cy="1600" r="620" fill="url(#glowPink)"/>
<circle cx="${cx}" cy="${cy}" r="${r + 220}" fill="url(#glowHalo)"/>
${soundWaves()}
${confetti()}
${sparkle(170, 470, 34, '#fde68a')}
${sparkle(1060, 520, 26, '#f9a8d4')}
${sparkle(1030, 960, 38, '#fde68a')}
${sparkle(200, 930, 22, '#c4b5fd')}

<g transform="translate(${logoX} ${logoY})">
  <rect width="${logoSize}" height="${logoSize}" rx="22" fill="#5b21b6" stroke="#a78bfa" stroke-opacity="0.5" stroke-width="2"/>
  <g transform="translate(15 15) scale(2.25)" fill="none" stroke="#fcd34d" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">
    <path d="${HEADPHONES}"/>
  </g>
  <text x="${logoSize + 24}" y="64" font-family="${font}" font-size="72" font-weight="800" fill="#ffffff" letter-spacing="-1">Quizcast</text>
</g>

<text x="${POSTER_WIDTH / 2}" y="318" text-anchor="middle" font-family="${font}" font-size="104" font-weight="800" fill="#ffffff" letter-spacing="-2">I took part<tspan fill="#fbbf24">!</tspan></text>

<circle cx="${cx}" cy="${cy}" r="${r + 26}" fill="none" stroke="#ffffff" stroke-opacity="0.25" stroke-width="3" stroke-dasharray="4 14" stroke-linecap="round"/>
<circle cx="${cx}" cy="${cy}" r="${r + 9}" fill="none" stroke="url(#ring)" stroke-width="18"/>
<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#photo)"/>

<rect x="${cx - 70}" y="${nameBaseline + 42}" width="140" height="8" rx="4" fill="#fbbf24"/>
<text x="${POSTER_WIDTH / 2}" y="${nameBaseline + 130}" text-anchor="middle" font-family="${font}" font-size="44" font-weight="500" fill="#ddd6fe">completed a timed quiz on Quizcast</text>

<g font-family="${font}" font-size="34" font-weight="700" text-anchor="middle">
  <rect x="${POSTER_WIDTH / 2 - 420}" y="1400" width="840" height="96" rx="48" fill="url(#card)" stroke="#ffffff" stroke-opacity="0.18" stroke-width="2"/>
  <text x="${POSTER_WIDTH / 2 - 280}" y="1460" fill="#fcd34d">Listen</text>
  <text x="${POSTER_WIDTH / 2 - 140}" y="1460" fill="#a78bfa">•</text>
  <text x="${POSTER_WIDTH / 2}" y="1460" fill="#ffffff">Recall</text>
  <text x="${POSTER_WIDTH / 2 + 140}" y="1460" fill="#a78bfa">•</text>
  <text x="${POSTER_WIDTH / 2 + 280}" y="1460" fill="#f9a8d4">Rank</text>
</g>

${examChips(1630)}

<rect x="0" y="${POSTER_HEIGHT - 170}" width="${POSTER_WIDTH}" height="170" fill="#000000" fill-opacity="0.22"/>
<text x="${POSTER_WIDTH / 2}" y="${POSTER_HEIGHT - 98}" text-anchor="middle" font-family="${font}" font-size="38" font-weight="700" fill="#ffffff">Practise by ear. Compete with confidence.</text>
<text x="${POSTER_WIDTH / 2}" y="${POSTER_HEIGHT - 48}" text-anchor="middle" font-family="${font}" font-size="30" font-weight="500" fill="#c4b5fd">Audio-first quiz practice for every exam</text>
</svg>`;
}

async function main() {
  mkdirSync(path.dirname(output), { recursive: true });
  const info = await sharp(Buffer.from(posterTemplateSvg()))
    // WebP: about a third of the palette PNG it replaced (issue 17), with no visible loss.
    .webp({ quality: 88, effort: 6 })
    .toFile(output);
  console.log(
    `wrote ${path.relative(process.cwd(), output)} (${info.width}×${info.height}, ${info.size} bytes)`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  void main();
}
