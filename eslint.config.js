import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import noCrossFeatureImports from './apps/web/lint/no-cross-feature-imports.js';
import noUntranslatedJsxText from './apps/web/lint/no-untranslated-jsx-text.js';

/**
 * Screens already in English and Hindi (issue 18, ADR 018): here no English may be written straight into
 * JSX. This is the list to grow: when a screen gets its catalogue, add its files or folder.
 */
// Issue 18: every screen of the web app is translated, so the rule guards every JSX file: a new
// component cannot show English without a message key (and the catalogue test wants its Hindi).
const TRANSLATED_SCREENS = ['apps/web/src/**/*.tsx'];

/** The project's own rules (apps/web/lint), one plugin object for every block that uses them. */
const quizcast = {
  rules: {
    'no-untranslated-jsx-text': noUntranslatedJsxText,
    'no-cross-feature-imports': noCrossFeatureImports,
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Server layers (issue 25): modules → plugins → lib, providers, db, jobs. A lower layer never
  // imports a higher one (src/import-graph.test.ts checks the whole tree, and for cycles).
  {
    files: ['apps/server/src/plugins/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**'],
              message: 'plugins/ sits below modules/: inject what it needs from app.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/{lib,providers,db,jobs}/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**', '**/plugins/**'],
              message:
                'lib/, providers/, db/ and jobs/ sit below plugins/ and modules/: move the shared code down.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: TRANSLATED_SCREENS,
    ignores: ['**/*.test.tsx'],
    plugins: { quizcast },
    rules: { 'quizcast/no-untranslated-jsx-text': ['error', { allow: ['Quizcast'] }] },
  },
  {
    // Issue 25, docs/CONVENTIONS.md: no imports between features (shared code moves down to
    // components/, lib/, hooks/; app/ composes features). Tests too: a feature's test is the feature's.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { quizcast },
    rules: { 'quizcast/no-cross-feature-imports': 'error' },
  },
);
