// @vitest-environment node
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import rule from '../../lint/no-cross-feature-imports.js';

const linter = new Linter({ configType: 'flat', cwd: '/repo' });
const lint = (code: string, filename: string) =>
  linter
    .verify(
      code,
      [
        {
          files: ['**/*.{ts,tsx}'],
          languageOptions: { parser: tseslint.parser },
          plugins: { quizcast: { rules: { 'no-cross-feature-imports': rule } } },
          rules: { 'quizcast/no-cross-feature-imports': 'error' },
        },
      ],
      filename,
    )
    .map((m) => m.message);

const editor = '/repo/apps/web/src/features/authoring/components/quiz-editor.tsx';

describe('quizcast/no-cross-feature-imports', () => {
  it('flags a feature importing another feature, however the path is written', () => {
    const message =
      'features/authoring imports features/recordings ("../../recordings/components/question-recording"): features never import each other. Move shared code down (components/, lib/, hooks/) or compose both in app/ (a route with a slot).';
    expect(
      lint(`import { QuestionRecording } from '../../recordings/components/question-recording';`, editor),
    ).toEqual([message]);
    expect(lint(`import { x } from '../../../features/students/api/students';`, editor)).toHaveLength(1);
    expect(lint(`export { x } from '../../students/api/students';`, editor)).toHaveLength(1);
    expect(lint(`export * from '../../students/api/students';`, editor)).toHaveLength(1);
    expect(
      lint(`const m = () => import('../../item-analysis/components/item-analysis-panel');`, editor),
    ).toHaveLength(1);
    expect(lint(`vi.mock('../../students/api/students');`, editor)).toHaveLength(1);
  });

  it('lets a feature import its own folders, shared code, packages, and app/ compose features', () => {
    expect(
      lint(
        [
          `import { useSaveQuiz } from '../api/admin-quizzes';`,
          `import { QuizStatusBadge } from './quiz-status-badge';`,
          `import { Button } from '../../../components/ui/button';`,
          `import { formatIst } from '../../../lib/date-time';`,
          `import { useSearchPaging } from '../../../hooks/use-search-paging';`,
          `import { z } from 'zod';`,
          `import { messages } from 'catalog:./en.json';`,
        ].join('\n'),
        editor,
      ),
    ).toEqual([]);
    expect(
      lint(
        `import { QuestionRecording } from '../../features/recordings/components/question-recording';`,
        '/repo/apps/web/src/app/routes/quiz-editor-routes.tsx',
      ),
    ).toEqual([]);
  });
});
