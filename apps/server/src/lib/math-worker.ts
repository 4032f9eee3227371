import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import temml from 'temml';

/**
 * One formula at a time, off the server's main thread (issue 29 item 1): Temml turns the TeX into
 * MathML and speech-rule-engine turns the MathML into words. Started by the pool in `math-pool.ts`.
 *
 * This file runs as a worker: from `dist/math-worker.js` in production, and as TypeScript under tsx
 * or Node's own type stripping in development and tests. So it imports only packages and types
 * (`import type` is erased), never another source file.
 */

export interface MathWorkerLimits {
  /** Temml's bound on macro expansions (its `maxExpand`). */
  maxExpand: number;
  /** Temml's bound on user sizes (`\rule`, `\kern`…): [em, pt]. */
  maxSize: [number, number];
  /** The MathML of one formula, in characters, after every macro is expanded. */
  maxMathml: number;
}

export interface MathJob {
  id: number;
  tex: string;
  display: boolean;
  lang: 'en' | 'hi';
}

export type MathReply =
  | { id: number; ok: true; mathml: string; speech: string; cpuMs?: number }
  | { id: number; ok: false; error: string; limit?: boolean; cpuMs?: number };

interface Sre {
  setupEngine(options: Record<string, unknown>): Promise<unknown>;
  engineReady(): Promise<unknown>;
  toSpeech(mathml: string): string;
}

const limits = workerData as MathWorkerLimits;
const requireHere = createRequire(import.meta.url);
const sre = requireHere('speech-rule-engine') as Sre;
const mathmaps = path.join(
  path.dirname(requireHere.resolve('speech-rule-engine/package.json')),
  'lib',
  'mathmaps',
);
let locale: string | null = null;

async function useLocale(lang: string): Promise<void> {
  if (locale === lang) return;
  // Plain words, no SSML markup; rule files from the package itself (never the network).
  await sre.setupEngine({
    locale: lang,
    domain: 'clearspeak',
    modality: 'speech',
    json: mathmaps,
    markup: 'none',
  });
  await sre.engineReady();
  locale = lang;
}

function render(job: MathJob): Promise<MathReply> | MathReply {
  let mathml: string;
  try {
    mathml = temml.renderToString(job.tex, {
      displayMode: job.display,
      throwOnError: true,
      trust: false,
      xml: true,
      strict: false,
      maxExpand: limits.maxExpand,
      maxSize: limits.maxSize,
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (/Too many expansions/.test(message)) {
      return {
        id: job.id,
        ok: false,
        error: `its macros expand more than ${limits.maxExpand} times`,
        limit: true,
      };
    }
    return {
      id: job.id,
      ok: false,
      error: message.replace(/^\s*(Temml parse error:|ParseError:)?\s*/i, '').trim(),
    };
  }
  if (mathml.length > limits.maxMathml) {
    return { id: job.id, ok: false, error: 'too large once its macros are expanded', limit: true };
  }
  return useLocale(job.lang).then(() => ({
    id: job.id,
    ok: true as const,
    mathml,
    speech: sre.toSpeech(mathml).replace(/\s+/g, ' ').trim(),
  }));
}

// Below the server's own threads: on Linux a thread has its own nice value, and this one yields the
// cores to the event loop (health, autosave, submit) whenever both want them.
try {
  setPriority(0, 10);
} catch {
  /* not allowed here: render at the same priority */
}
// Both languages' rule files are read before the first job, so no formula's time bound pays for them.
await useLocale('hi');
await useLocale('en');
parentPort!.on('message', (job: MathJob) => {
  // The thread's own CPU time (not the wall time, which a busy machine stretches): the request's budget.
  const started = process.threadCpuUsage();
  const cpuMs = () => {
    const used = process.threadCpuUsage(started);
    return (used.user + used.system) / 1000;
  };
  void Promise.resolve(render(job)).then(
    (reply) => parentPort!.postMessage({ ...reply, cpuMs: cpuMs() }),
    (err: unknown) =>
      parentPort!.postMessage({
        id: job.id,
        ok: false,
        error: err instanceof Error ? err.message : String(err),
      }),
  );
});
parentPort!.postMessage('ready');
