import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { Resvg } from '@resvg/resvg-js';

/**
 * Renders one result card's SVG to PNG at a time, off the server's main thread (issue 28, ADR 026),
 * with resvg and the fonts of one npm package (Noto Sans Devanagari: Latin and Devanagari), never the
 * system's fonts, so a card looks the same on every machine. Started by the pool in `card-pool.ts`.
 *
 * Like math-worker.ts this file runs as a worker from `dist/card-worker.js` or as TypeScript, so it
 * imports only packages and types.
 */

export interface CardJob {
  id: number;
  svg: string;
}

export type CardReply =
  | { id: number; ok: true; png: Uint8Array; cpuMs?: number }
  | { id: number; ok: false; error: string; cpuMs?: number };

const requireHere = createRequire(import.meta.url);
const fontDir = path.dirname(requireHere.resolve('@expo-google-fonts/noto-sans-devanagari/package.json'));
const fontFiles = [
  path.join(fontDir, '400Regular', 'NotoSansDevanagari_400Regular.ttf'),
  path.join(fontDir, '700Bold', 'NotoSansDevanagari_700Bold.ttf'),
];

const options = {
  font: { fontFiles, loadSystemFonts: false, defaultFontFamily: 'Noto Sans Devanagari' },
  // A card never refers to another file or address: resvg loads nothing but the SVG given.
  resourcesDir: undefined,
  shapeRendering: 2,
  textRendering: 1,
} as const;

function render(job: CardJob): CardReply {
  try {
    const png = new Resvg(job.svg, options).render().asPng();
    // A copy in its own ArrayBuffer, which can be transferred (resvg's buffer is native memory).
    return { id: job.id, ok: true, png: new Uint8Array(png) };
  } catch (err) {
    return { id: job.id, ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}

try {
  setPriority(0, 10);
} catch {
  /* not allowed here: render at the same priority */
}
// The fonts are read once, before the first job, so no card's time bound pays for them.
render({
  id: 0,
  svg: '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><text y="8">a क</text></svg>',
});
parentPort!.on('message', (job: CardJob) => {
  const started = process.threadCpuUsage();
  const reply = render(job);
  const used = process.threadCpuUsage(started);
  const cpuMs = (used.user + used.system) / 1000;
  if (reply.ok) parentPort!.postMessage({ ...reply, cpuMs }, [reply.png.buffer as ArrayBuffer]);
  else parentPort!.postMessage({ ...reply, cpuMs });
});
parentPort!.postMessage('ready');
