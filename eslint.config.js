import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import noUntranslatedJsxText from './apps/web/lint/no-untranslated-jsx-text.js';

/**
 * Screens already in English and Hindi (issue 18, ADR 018): here no English may be written straight into
 * JSX. This is the list to grow: when a screen gets its catalogue, add its files or folder.
 */
const TRANSLATED_SCREENS = [
  'apps/web/src/features/landing/**/*.tsx',
  'apps/web/src/features/auth/**/*.tsx',
  'apps/web/src/app/layouts/**/*.tsx',
  'apps/web/src/app/not-found-page.tsx',
  'apps/web/src/i18n/**/*.tsx',
  'apps/web/src/features/audit-log/**/*.tsx',
  'apps/web/src/features/profile/components/{account-sections,account-deleted-page}.tsx',
  'apps/web/src/components/pwa/install-app-button.tsx',
  'apps/web/src/components/ui/{confirm-dialog,dialog,error-state,full-screen-loader,photo-picker,spinner}.tsx',
  'apps/web/src/features/quizzes/components/{quiz-list-page,quiz-list-row,quiz-intro-page}.tsx',
  'apps/web/src/features/payments/**/*.tsx',
  'apps/web/src/features/results/**/*.tsx',
  'apps/web/src/features/poster/**/*.tsx',
  'apps/web/src/components/charts/*.tsx',
  'apps/web/src/features/analytics/**/*.tsx',
  'apps/web/src/features/review/**/*.tsx',
];

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
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: TRANSLATED_SCREENS,
    ignores: ['**/*.test.tsx'],
    plugins: { quizcast: { rules: { 'no-untranslated-jsx-text': noUntranslatedJsxText } } },
    rules: { 'quizcast/no-untranslated-jsx-text': ['error', { allow: ['Quizcast'] }] },
  },
);
