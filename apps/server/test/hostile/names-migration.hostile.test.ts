import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanDisplayText } from '@quizcast/contract/domain/display-text';
import { users } from '../../src/db/schema';
import { rawRows } from '../../src/db/raw-rows';
import { createStudent } from '../../src/seed/factories';
import { buildTestApp, type TestApp } from '../helpers';
import { HOSTILE_SEED, reportFigure } from './support';

/**
 * Migration 0018 (issue 29 item 4, second pass): its SQL twin of the contract's cleanDisplayText must
 * clean a stored text exactly as the server cleans a new one. 0017 was looser: a braille blank
 * (U+2800) or an emoji-only name kept no letter yet stayed, and marks outside U+0300–036F were not
 * capped. The parity runs the migration's own function over generated texts on this database
 * (PGlite, or PostgreSQL with TEST_DATABASE_URL) and compares each answer with cleanDisplayText.
 */

const migrationSql = readFileSync(
  path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../src/db/migrations/0018_clean_display_names_exactly.sql',
  ),
  'utf8',
);
/** The migration's hand-written part (after drizzle-kit's column): the clean-up, statement by statement. */
const statements = migrationSql
  .slice(migrationSql.indexOf('-- hand-written:'))
  .split('--> statement-breakpoint');
/** Its CREATE FUNCTION of the cleaning rule (the first hand-written statement). */
const createCleanFunction = statements[0]!;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The migration's function over many texts in one statement (JSON keeps their order). */
async function cleanInSql(texts: string[]): Promise<(string | null)[]> {
  const rows = rawRows<{ cleaned: string | null }>(
    await t.db.execute(
      sql`SELECT "quizcast_clean_display_text"(x.value) AS cleaned
          FROM jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) WITH ORDINALITY AS x(value, n)
          ORDER BY x.n`,
    ),
  );
  return rows.map((r) => r.cleaned);
}

/** Characters a hostile or an honest name may hold, weighted toward the rule's edges. */
const edgeChars = [
  'a',
  'Z',
  'é',
  ' ',
  '\t',
  '\n',
  '1',
  '-',
  '.',
  '\u0301',
  '\u0308',
  '\u0327',
  '\u1AB0',
  '\u1DC0',
  '\u20D0',
  '\uFE20',
  '\u093C',
  '\u094D',
  '\u0902',
  'क',
  'ष',
  'म',
  'ा',
  'ि',
  '\u0915\u094D',
  'ñ',
  'n\u0303',
  'e\u0301',
  'ﬁ',
  'Å',
  'Ω',
  '가',
  '\u1100\u1161',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u200E',
  '\u202E',
  '\u2066',
  '\u2069',
  '\u2060',
  '\uFEFF',
  '\u00AD',
  '\u061C',
  '\u180E',
  '\u{E0041}',
  '\u{1D173}',
  '\u034F',
  '\u115F',
  '\u1160',
  '\u3164',
  '\uFFA0',
  '\u0001',
  '\u007F',
  '\u0085',
  '\u00A0',
  '\u2003',
  '\u2028',
  '\u3000',
  '\u202F',
  '\u1680',
  '\u2800',
  '😀',
  '👍🏽',
  '\u{1F1EE}\u{1F1F3}',
  '❤\uFE0F',
  '\u{1D400}',
  '٣',
  '¼',
  '\u0600',
];

/** A text of edge characters, or of any code point (no surrogates, no NUL: a database holds neither). */
const hostileText = fc.oneof(
  fc.array(fc.constantFrom(...edgeChars), { maxLength: 24 }).map((parts) => parts.join('')),
  fc
    .array(
      fc.oneof(
        fc.constantFrom(...edgeChars),
        fc.integer({ min: 1, max: 0x10ffff }).filter((cp) => cp < 0xd800 || cp > 0xdfff),
      ),
      { maxLength: 16 },
    )
    .map((parts) => parts.map((p) => (typeof p === 'number' ? String.fromCodePoint(p) : p)).join('')),
);

describe('migration 0018 cleans stored names exactly as cleanDisplayText', () => {
  it('answers as cleanDisplayText for generated texts', async () => {
    await t.db.execute(sql.raw(createCleanFunction));
    try {
      const samples = fc.sample(hostileText, { numRuns: 3000, seed: HOSTILE_SEED });
      const nasty = [
        '\u2800',
        '\u2800\u2800 \u2800',
        '😀',
        '👍🏽👍🏽',
        '\u{1F1EE}\u{1F1F3}',
        'a\u1AB0\u1AB1\u1AB2\u1AB3\u1AB4\u1AB5',
        'e\u20D0\u20D1\u20D2\u20D3\u20D4',
        'क\u093C\u094D\u0902\u0901\u0903\u0900',
        'क्\u200D\u200Dष',
        'क्\u200D\u202Eष',
        '\u200Dक\u200D',
        'a\u0301\u0301\u200D\u0301\u0301\u0301',
        'Ravi\uFFFD',
        '\u202Enimda\u202C',
        '\u200B',
        'Asha\u0085Devi',
        '  Asha \u3000 Devi  ',
        '\u{E0041}\u{E0042}x',
      ];
      const texts = [...nasty, ...samples];
      const expected = texts.map((text) => cleanDisplayText(text));
      const actual = await cleanInSql(texts);
      const differences = texts
        .map((text, i) => ({ text, expected: expected[i], actual: actual[i] }))
        .filter((d) => d.expected !== d.actual);
      expect(differences.slice(0, 5)).toEqual([]);
      expect(actual).toHaveLength(texts.length);
      reportFigure(
        'names-parity',
        `${texts.length} texts cleaned the same by migration 0018 and cleanDisplayText`,
      );
    } finally {
      await t.db.execute(sql.raw('DROP FUNCTION "quizcast_clean_display_text"(text)'));
    }
  });

  it('leaves no stored name without a letter and caps every kind of combining mark', async () => {
    const braille = await createStudent(t.db, { name: '\u2800', place: '\u2800' });
    const emoji = await createStudent(t.db, {
      name: '😀👍🏽',
      place: 'Pune\u2800',
      school: '\u{1F1EE}\u{1F1F3}',
    });
    const towerName = 'Asha\u1AB0\u1AB1\u1AB2\u1AB3\u1AB4\u1AB5\u1AB6';
    const tower = await createStudent(t.db, { name: towerName });
    const devanagari = await createStudent(t.db, {
      name: 'क\u093C\u094D\u0902\u0901\u0903\u0900 Devi',
      school: '\u200B12\u200B',
    });
    const honest = await createStudent(t.db, { name: 'क्\u200Dषमा शर्मा', place: 'Indore' });
    const before = await t.db.select().from(users).where(eq(users.id, honest.id));

    for (const statement of statements) await t.db.execute(sql.raw(statement));

    const stored = async (id: string) => {
      const [row] = await t.db.select().from(users).where(eq(users.id, id));
      return [row!.name, row!.place, row!.school];
    };
    expect(await stored(braille.id)).toEqual(['Learner', 'Unknown', braille.school]);
    expect(await stored(emoji.id)).toEqual(['Learner', 'Pune\u2800', null]);
    const towerStored = (await stored(tower.id))[0]!;
    expect(towerStored).toBe(cleanDisplayText(towerName));
    expect(towerStored.match(/\p{M}/gu)).toHaveLength(4);
    expect((await stored(devanagari.id)).slice(0, 1)).toEqual(['क\u093C\u094D\u0902\u0901 Devi']);
    expect((await stored(devanagari.id))[2]).toBe('12');
    const [after] = await t.db.select().from(users).where(eq(users.id, honest.id));
    expect(after).toEqual(before[0]);
  });
});
