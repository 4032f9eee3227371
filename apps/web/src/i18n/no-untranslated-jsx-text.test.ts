// @vitest-environment node
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import rule from '../../lint/no-untranslated-jsx-text.js';

const linter = new Linter({ configType: 'flat' });
const lint = (code: string) =>
  linter
    .verify(
      code,
      [
        {
          files: ['**/*.tsx'],
          languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
          plugins: { quizcast: { rules: { 'no-untranslated-jsx-text': rule } } },
          rules: { 'quizcast/no-untranslated-jsx-text': ['error', { allow: ['Quizcast'] }] },
        },
      ],
      'screen.tsx',
    )
    .map((m) => m.message);

describe('quizcast/no-untranslated-jsx-text', () => {
  it('flags English text, string children and visible props', () => {
    expect(lint(`export const A = () => <h1>Page not found</h1>;`)).toEqual([
      'User-visible English "Page not found" in JSX: add it to the catalogue (en.json + hi.json) and use t().',
    ]);
    expect(
      lint(`export const A = ({ x }: { x: boolean }) => <p>{x ? 'Change photo' : 'Upload photo'}</p>;`),
    ).toHaveLength(2);
    expect(lint('export const A = ({ n }: { n: number }) => <p>{`Resend OTP in ${n}s`}</p>;')).toHaveLength(
      1,
    );
    expect(lint(`export const A = () => <button aria-label="Close menu" title={'Close'} />;`)).toHaveLength(
      2,
    );
    expect(
      lint(`export const A = () => <Field label="Phone Number" placeholder="10-digit mobile number" />;`),
    ).toHaveLength(2);
  });

  it('passes message keys, values, markup and text that is not a sentence', () => {
    expect(
      lint(`
        declare const t: (k: string) => string;
        export const A = ({ n }: { n: number }) => (
          <div className="flex items-center" data-testid="x" aria-hidden="true" role="group">
            <p aria-label={t('app.openMenu')}>{t('app.greeting')}</p>
            <span>08:42</span> <span>/</span> <span>+91 {n}</span> <span>Quizcast</span>
            <input type="tel" autoComplete="tel-national" inputMode="numeric" />
          </div>
        );`),
    ).toEqual([]);
  });
});
