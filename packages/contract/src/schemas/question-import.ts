import { z } from 'zod';
import { QUESTION_TYPES } from '../domain/numeric-answer';
import { adminQuestionSchema } from './admin-quiz';
import { QUESTION_LANGS } from './question-rules';

/** Bulk import of a CSV or Aiken file's questions into a quiz, and its preview (issue 7). */

export const IMPORT_FILE_MAX_BYTES = 1024 * 1024;

export const importQuerySchema = z.object({
  /** `append` (default) adds after the existing questions; `replace` swaps them all. */
  mode: z.enum(['append', 'replace']).default('append'),
  /** Usually guessed from the file name (.csv / .txt) and content. */
  format: z.enum(['csv', 'aiken']).optional(),
});

export const previewImportQuerySchema = importQuerySchema.pick({ format: true });

export const importPreviewResponseSchema = z.object({
  format: z.enum(['csv', 'aiken']),
  questions: z.array(
    z.object({
      qn: z.string(),
      choices: z.array(z.string()),
      ansIndex: z.number().int(),
      explanation: z.string().nullable(),
      lang: z.enum(QUESTION_LANGS).optional(),
      topic: z.string().optional(),
      /** Issue 26: the section named in the file (CSV `section`, Aiken `SECTION:`). */
      section: z.string().optional(),
      type: z.enum(QUESTION_TYPES).optional(),
      numericAnswer: z.string().nullable().optional(),
      tolerance: z.string().nullable().optional(),
      qnHi: z.string().optional(),
      choicesHi: z.array(z.string()).optional(),
      explanationHi: z.string().optional(),
    }),
  ),
});
export type ImportPreviewResponse = z.infer<typeof importPreviewResponseSchema>;

export const importResponseSchema = z.object({
  format: z.enum(['csv', 'aiken']),
  imported: z.number().int(),
  questions: z.array(adminQuestionSchema),
});
export type ImportResponse = z.infer<typeof importResponseSchema>;
