import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers (issue 25): `modules` → `plugins` → `lib`, `providers`, `db`, `jobs`; a lower
 * layer never imports a higher one (eslint `no-restricted-imports` says so at each import; this test
 * says it for the whole tree), and no file reaches itself through its relative imports (a cycle,
 * type-only imports included). Tests and the seed data are left out.
 */
const SRC = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Relative imports of a file, resolved to files of the tree. */
function importsOf(file: string, files: Set<string>): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, false);
  return importedFiles
    .map((f) => f.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => resolve(dirname(file), name))
    .flatMap((base) => [`${base}.ts`, join(base, 'index.ts')].filter((f) => files.has(f)).slice(0, 1));
}

const files = sourceFiles(SRC);
const graph = new Map(files.map((f) => [f, importsOf(f, new Set(files))]));
const rel = (f: string) => relative(SRC, f);
const layer = (f: string) => rel(f).split('/')[0]!;

/** Every import cycle, each once, as the files around it. */
function cycles(): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push(stack.slice(stack.indexOf(next)).map(rel));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return found;
}

describe('server import graph', () => {
  it('reads the tree (a sanity check that the walk finds the files and their imports)', () => {
    expect(graph.get(join(SRC, 'app.ts'))?.length).toBeGreaterThan(10);
  });

  it('has no import cycle', () => {
    expect(cycles()).toEqual([]);
  });

  it('never imports a higher layer from a lower one', () => {
    const higher: Record<string, string[]> = {
      plugins: ['modules'],
      lib: ['modules', 'plugins'],
      providers: ['modules', 'plugins'],
      jobs: ['modules', 'plugins'],
      db: ['modules', 'plugins'],
    };
    const upward = [...graph].flatMap(([file, imports]) =>
      imports
        .filter((target) => higher[layer(file)]?.includes(layer(target)))
        .map((target) => `${rel(file)} → ${rel(target)}`),
    );
    expect(upward).toEqual([]);
  });

  it('lets no other module import results (publication is its pipeline: it calls the modules, none calls back)', () => {
    const module = (f: string) => (layer(f) === 'modules' ? rel(f).split('/')[1] : undefined);
    const intoResults = [...graph].flatMap(([file, imports]) =>
      imports
        .filter(
          (target) =>
            module(target) === 'results' && module(file) !== undefined && module(file) !== 'results',
        )
        .map((target) => `${rel(file)} → ${rel(target)}`),
    );
    expect(intoResults).toEqual([]);
  });
});
