import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';

/**
 * Every catalogue of the web app (`<folder>/messages/{en,hi}.json`): a new string cannot be added
 * without its Hindi, and the Hindi keeps the English's placeholders and markup.
 */
const files = import.meta.glob<Record<string, string>>('../**/messages/*.json', {
  eager: true,
  import: 'default',
});

const catalogues = new Map<string, { en?: Record<string, string>; hi?: Record<string, string> }>();
for (const [path, messages] of Object.entries(files)) {
  const match = /^(.*)\/(en|hi)\.json$/.exec(path);
  expect(match, `${path} is named en.json or hi.json`).not.toBeNull();
  const [, folder, language] = match!;
  const entry = catalogues.get(folder!) ?? {};
  entry[language as 'en' | 'hi'] = messages;
  catalogues.set(folder!, entry);
}

const DEVANAGARI = /[\u0900-\u097F]/;
/** The arguments and `<0>` tags of an ICU message (plural cases may differ, their arguments may not). */
function placeholders(message: string): string[] {
  const args = [...message.matchAll(/\{\s*(\w+)\s*(?:,|\})/g)].map((m) => `{${m[1]}}`);
  const tags = [...message.matchAll(/<\/?\d+>/g)].map((m) => m[0]);
  return [...new Set([...args, ...tags])].sort();
}

describe('message catalogues', () => {
  it('finds the catalogues (landing, auth, app chrome, shared primitives)', () => {
    expect([...catalogues.keys()].sort()).toEqual([
      '../app/admin-guard/messages',
      '../app/admin-nav/messages',
      '../app/messages',
      '../components/listen/messages',
      '../components/lists/messages',
      '../features/analytics/messages',
      '../features/audit-log/messages',
      '../features/auth/messages',
      '../features/authoring/messages',
      '../features/challenges/messages',
      '../features/daily-five/messages',
      '../features/item-analysis/messages',
      '../features/landing/messages',
      '../features/payments/messages',
      '../features/poster/messages',
      '../features/practice/messages',
      '../features/profile/messages',
      '../features/quizzes/attempt/messages',
      '../features/quizzes/intro/messages',
      '../features/quizzes/messages',
      '../features/recordings/messages',
      '../features/reminders/messages',
      '../features/results/messages',
      '../features/review/messages',
      '../features/streak/messages',
      '../features/students/messages',
      './messages',
    ]);
  });

  for (const [folder, { en, hi }] of catalogues) {
    describe(folder, () => {
      it('has an English and a Hindi file with exactly the same keys', () => {
        expect(en).toBeDefined();
        expect(hi).toBeDefined();
        expect(Object.keys(hi!).sort()).toEqual(Object.keys(en!).sort());
      });

      it('names every key after one catalogue ("<name>.<what>")', () => {
        const prefixes = new Set(Object.keys(en!).map((key) => key.split('.')[0]));
        expect(prefixes.size).toBe(1);
      });

      it('has Hindi in Devanagari for every message, with the English placeholders and markup', () => {
        const problems: string[] = [];
        for (const [key, english] of Object.entries(en!)) {
          const hindi = hi![key] ?? '';
          if (!DEVANAGARI.test(hindi)) problems.push(`${key}: not in Devanagari`);
          if (placeholders(hindi).join() !== placeholders(english).join())
            problems.push(`${key}: placeholders differ`);
          for (const message of [english, hindi]) {
            try {
              compileMessageOrThrow(message);
            } catch {
              problems.push(`${key}: not valid ICU MessageFormat: ${message}`);
            }
          }
        }
        expect(problems).toEqual([]);
      });
    });
  }
});
