// Renders the app icons in apps/web/public/icons from the logo (run by hand when the logo changes;
// the PNGs are committed). "any" icons are the rounded favicon; the maskable one keeps the mark
// inside the 80 % safe zone on a full-bleed background, as launchers crop it to any shape.
import sharp from 'sharp';
import path from 'node:path';

const out = path.resolve('apps/web/public/icons');
const mark =
  '<path d="M18 34a14 14 0 0 1 28 0v8a4 4 0 0 1-4 4h-3V34h7M18 34h7v12h-3a4 4 0 0 1-4-4z" fill="none" stroke="#fbbf24" stroke-width="4" stroke-linejoin="round"/>';
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#5b21b6"/>${mark}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#5b21b6"/><g transform="translate(32 36) scale(0.7) translate(-32 -36)">${mark}</g></svg>`;

for (const [name, svg, size] of [
  ['icon-192.png', any, 192],
  ['icon-512.png', any, 512],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon-180.png', maskable, 180],
]) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, name));
  console.log(name);
}
