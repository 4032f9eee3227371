// `npm start` (scripts/start.mjs, issue 31): it rebuilds the web app or the server only when their
// sources changed, and it runs the server in its own process with the flags of apps/server's `start`.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildDecision, TARGETS, writeStamp, type BuildTarget } from '../../../scripts/build-stamp.mjs';

const repo = path.resolve(import.meta.dirname, '../../..');
const web = TARGETS.find((t) => t.workspace === '@quizcast/web')!;

describe('npm start: the build decision', () => {
  let root: string;
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  };
  /** Decides, and when it says build, "builds" (writes the stamp) as start.mjs does after a build. */
  const start = (target: BuildTarget = web) => {
    const decision = buildDecision(root, target);
    if (decision.build) {
      mkdirSync(path.dirname(path.join(root, target.stampFile)), { recursive: true });
      writeStamp(root, target, decision.stamp);
    }
    return decision.build ? decision.reason : 'skipped';
  };

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'quizcast-stamp-'));
    write('package-lock.json', '{"lockfileVersion":3}');
    write('package.json', '{}');
    write('apps/web/src/main.tsx', 'export const a = 1;');
    write('apps/web/vite.config.ts', 'export default {};');
    write('packages/contract/src/index.ts', 'export const c = 1;');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds on a fresh clone, then skips an unchanged one', () => {
    expect(start()).toBe('first');
    expect(start()).toBe('skipped');
    expect(start()).toBe('skipped');
  });

  it.each([
    ['a web source', 'apps/web/src/main.tsx', 'export const a = 2;'],
    ['a new web source', 'apps/web/src/extra.ts', 'export {};'],
    ['the build config', 'apps/web/vite.config.ts', 'export default { base: "/x/" };'],
    ['the lockfile', 'package-lock.json', '{"lockfileVersion":3,"packages":{}}'],
    ['the shared contract', 'packages/contract/src/index.ts', 'export const c = 2;'],
    ['a source in a folder named data', 'apps/web/src/data/exams.ts', 'export const e = [];'],
    ['a source in a folder named test', 'apps/web/src/test/setup.ts', 'export {};'],
  ])('rebuilds when %s changed', (_what, rel, text) => {
    start();
    write(rel, text);
    expect(start()).toBe('changed');
    expect(start()).toBe('skipped');
  });

  it.each([
    ['its own output', 'apps/web/dist/index.html', '<html>'],
    ['installed packages', 'apps/web/node_modules/x/index.js', 'module.exports = 1;'],
    ['a test', 'apps/web/src/main.test.tsx', 'it("x", () => {});'],
  ])('does not rebuild for %s', (_what, rel, text) => {
    start();
    write(rel, text);
    expect(start()).toBe('skipped');
  });

  it('a cluster worker never builds, even with its sources changed (its primary built before forking)', () => {
    start();
    write('apps/web/src/main.tsx', 'export const a = 2;');
    expect(buildDecision(root, web, { worker: true })).toEqual({
      build: false,
      reason: 'worker',
      stamp: null,
    });
    expect(buildDecision(root, web, { worker: false })).toMatchObject({ build: true, reason: 'changed' });
  });

  it('a moved file is a change, though the content is the same', () => {
    start();
    rmSync(path.join(root, 'apps/web/src/main.tsx'));
    write('apps/web/src/app.tsx', 'export const a = 1;');
    expect(start()).toBe('changed');
  });
});

describe('npm start: the server process', () => {
  it("runs with apps/server's start flags (the root script runs the server in its own process)", () => {
    const flagsOf = (script: string) => script.split(/\s+/).filter((w) => w.startsWith('--'));
    const rootStart = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')).scripts.start;
    const serverStart = JSON.parse(readFileSync(path.join(repo, 'apps/server/package.json'), 'utf8')).scripts
      .start;
    expect(rootStart).toMatch(/^node .* scripts\/start\.mjs$/);
    expect(flagsOf(rootStart)).toEqual(flagsOf(serverStart));
    expect(flagsOf(serverStart).length).toBeGreaterThan(0);
  });
});
