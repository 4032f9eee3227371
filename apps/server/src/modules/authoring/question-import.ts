import { parseAiken } from './aiken-questions';
import { parseCsv } from './csv-questions';
import type { ImportedQuestion, ImportFormat } from './imported-question';

export type { ImportFormat, ImportedQuestion } from './imported-question';

/**
 * Bulk import of questions from a CSV file (qn, choice1…choice6, answer, explanation, and with a
 * header row optionally lang, topic, type + tolerance for numeric-answer questions, and the Hindi
 * version qn_hi, choice1_hi…choice6_hi, explanation_hi) or an
 * Aiken-format text file. Pure: text in, questions or every problem (with its line number) out.
 */

export type ImportResult =
  | { ok: true; format: ImportFormat; questions: ImportedQuestion[] }
  | { ok: false; format: ImportFormat; errors: string[] };

/** Turns raw upload bytes into text, refusing anything that is not UTF-8 (e.g. an Excel "CSV (MS-DOS)" file). */
export function decodeUpload(data: Buffer): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\uFEFF/, '');
  } catch {
    return null;
  }
}

/** The format named by the caller, else by the file name, else guessed from the content. */
export function detectFormat(text: string, filename?: string, requested?: ImportFormat): ImportFormat {
  if (requested) return requested;
  const ext = filename?.toLowerCase().split('.').pop();
  if (ext === 'csv') return 'csv';
  if (ext === 'txt' || ext === 'aiken') return 'aiken';
  return /^\s*ANSWER\s*:/im.test(text) ? 'aiken' : 'csv';
}

export function parseQuestionFile(text: string, format: ImportFormat): ImportResult {
  const normalized = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const result = format === 'csv' ? parseCsv(normalized) : parseAiken(normalized);
  if (result.errors.length === 0 && result.questions.length === 0) {
    result.errors.push('The file has no questions');
  }
  return result.errors.length > 0
    ? { ok: false, format, errors: result.errors }
    : { ok: true, format, questions: result.questions };
}
