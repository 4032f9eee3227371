import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { withKnownFormulas, WORKER_LIMITS, type RenderedFormula } from '../lib/math-pool';
import { workerFile } from '../lib/worker-pool';
import { renderQuestionMath } from '../lib/question-math';
import { SERVER_ROOT } from '../lib/server-root';
import { DEMO_QUESTION_SETS } from './demo';

/**
 * The demo seed's formulas, rendered once by `npm run build` (issue 31). A first `npm start` on a new
 * data directory seeds from this file, so the formula renderer's worker (Temml and speech-rule-engine,
 * ~140 MiB resident) never starts while the embedded server boots. Written by the same build as the
 * server that reads it (a changed question bank or renderer rebuilds both); a formula missing from it
 * is rendered by the worker as before. The file names the renderer that made it (`rendererId`): one
 * made by another renderer (another build's worker, or the sources run by tsx in development), or an
 * unreadable one, is ignored.
 */
export const DEMO_FORMULAS_FILE = path.join(SERVER_ROOT, 'dist', 'demo-formulas.json');

/** The renderer: its worker's code (as this process runs it), its limits and the versions of Temml and speech-rule-engine. */
export function rendererId(): string {
  const hash = createHash('sha256').update(readFileSync(workerFile('math-worker')));
  // The limits the worker renders by come from this bundle (workerData), not from its file.
  hash.update(`\n${JSON.stringify(WORKER_LIMITS)}`);
  const require = createRequire(import.meta.url);
  for (const name of ['temml', 'speech-rule-engine']) {
    const { version } = require(`${name}/package.json`) as { version: string };
    hash.update(`\n${name}@${version}`);
  }
  return hash.digest('hex');
}

type FormulasFile = { renderer: string; formulas: [string, RenderedFormula][] };

/** Every formula of every demo question set, rendered as the seed renders them. */
export async function renderDemoFormulas(): Promise<Map<string, RenderedFormula>> {
  const known = new Map<string, RenderedFormula>();
  await withKnownFormulas(
    known,
    async () => {
      for (const set of DEMO_QUESTION_SETS)
        for (const [position, q] of set.entries()) {
          const { problems } = await renderQuestionMath(q, `Question ${position + 1}`);
          if (problems.length) throw new Error(problems.join('; '));
        }
    },
    { record: true },
  );
  return known;
}

export async function writeDemoFormulas(file = DEMO_FORMULAS_FILE): Promise<number> {
  const known = await renderDemoFormulas();
  // Written aside and renamed: a build stopped halfway leaves no half-written file to be read.
  const content: FormulasFile = { renderer: rendererId(), formulas: [...known] };
  writeFileSync(`${file}.tmp`, JSON.stringify(content));
  renameSync(`${file}.tmp`, file);
  return known.size;
}

/** The build's rendered formulas, or none when the file is missing, not what writeDemoFormulas writes, or another renderer's. */
export function readDemoFormulas(file = DEMO_FORMULAS_FILE): Map<string, RenderedFormula> | undefined {
  let content: Partial<FormulasFile>;
  try {
    content = JSON.parse(readFileSync(file, 'utf8')) as Partial<FormulasFile>;
  } catch {
    return undefined;
  }
  if (content?.renderer !== rendererId() || !Array.isArray(content.formulas)) return undefined;
  const known = new Map<string, RenderedFormula>();
  for (const entry of content.formulas as unknown[]) {
    const [key, value] = Array.isArray(entry) ? (entry as unknown[]) : [];
    const { mathml, speech } = (value ?? {}) as Partial<RenderedFormula>;
    if (typeof key !== 'string' || typeof mathml !== 'string' || typeof speech !== 'string') return undefined;
    known.set(key, { mathml, speech });
  }
  return known;
}
