import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDemoFormulas, rendererId } from './demo-formulas';

const folder = mkdtempSync(path.join(tmpdir(), 'quizcast-formulas-'));
const file = (name: string, content: string) => {
  const full = path.join(folder, name);
  writeFileSync(full, content);
  return full;
};
const formula = { mathml: '<math><mi>x</mi></math>', speech: 'x' };

describe("the build's rendered demo formulas (issue 31)", () => {
  it("are read back when this renderer made them, and ignored when another did or the file isn't theirs", () => {
    const ours = file(
      'ours.json',
      JSON.stringify({ renderer: rendererId(), formulas: [['inline|en|x', formula]] }),
    );
    expect(readDemoFormulas(ours)).toEqual(new Map([['inline|en|x', formula]]));

    const theirs = file(
      'theirs.json',
      JSON.stringify({ renderer: 'another', formulas: [['inline|en|x', formula]] }),
    );
    expect(readDemoFormulas(theirs)).toBeUndefined();
    const broken = file('broken.json', '{"renderer":');
    expect(readDemoFormulas(broken)).toBeUndefined();
    const wrongShape = file(
      'shape.json',
      JSON.stringify({ renderer: rendererId(), formulas: [['inline|en|x', { mathml: 1 }]] }),
    );
    expect(readDemoFormulas(wrongShape)).toBeUndefined();
    expect(readDemoFormulas(path.join(folder, 'missing.json'))).toBeUndefined();
  });
});
