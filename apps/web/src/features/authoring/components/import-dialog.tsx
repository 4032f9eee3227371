import { useId, useState, type FormEvent } from 'react';
import {
  IMPORT_FILE_MAX_BYTES,
  type ImportPreviewResponse,
} from '@quizcast/contract/schemas/question-import';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useT } from '../../../i18n/use-t';
import { isApiError } from '../../../lib/api-client';
import { authoringCatalog } from '../messages/catalog';
import { usePreviewImport } from '../api/import-questions';
import type { ImportMode } from '../lib/imported-questions';

const CSV_EXAMPLE = `qn,choice1,choice2,choice3,choice4,choice5,choice6,answer,explanation
What is 6 × 7?,42,36,48,54,,,A,Times tables
"Which of these is prime?",4,6,7,9,,,3,`;

const AIKEN_EXAMPLE = `What is the capital of France?
A. Paris
B. London
C. Berlin
ANSWER: A`;

/**
 * Import questions from a CSV or Aiken file. The server checks every line; if any is wrong the
 * dialog lists each problem with its line number and nothing is added. Good questions are added
 * to the editor, to be saved with the quiz.
 */
export function ImportDialog({
  open,
  onOpenChange,
  onImported,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onImported(questions: ImportPreviewResponse['questions'], mode: ImportMode): void;
}) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<ImportMode>('append');
  const [problems, setProblems] = useState<string[]>([]);
  const preview = usePreviewImport();
  const t = useT(authoringCatalog);

  const reset = () => {
    setFile(null);
    setProblems([]);
    setMode('append');
    preview.reset();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The dialog is portalled out of the quiz form in the DOM but not in React: keep its submit
    // from reaching the quiz form's handler.
    event.stopPropagation();
    setProblems([]);
    if (!file) {
      setProblems([t('authoring.import.noFile')]);
      return;
    }
    if (file.size > IMPORT_FILE_MAX_BYTES) {
      setProblems([t('authoring.import.tooLarge')]);
      return;
    }
    try {
      const result = await preview.mutateAsync(file);
      onImported(result.questions, mode);
      reset();
      onOpenChange(false);
    } catch (err) {
      if (isApiError(err)) setProblems(err.messages ?? [err.message]);
      else setProblems([t('authoring.import.readFailed')]);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title={t('authoring.import.title')}
      description={t('authoring.import.description')}
    >
      <form onSubmit={submit} noValidate>
        <label htmlFor={`${id}-file`} className="mb-1.5 block text-sm font-medium text-slate-800">
          {t('authoring.import.file')}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setProblems([]);
          }}
          className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-xl file:border-0 file:bg-brand-100 file:px-4 file:font-semibold file:text-brand-900"
        />

        <fieldset className="mt-4">
          <legend className="text-sm font-medium text-slate-800">{t('authoring.import.where')}</legend>
          <label className="mt-2 flex min-h-11 items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-mode`}
              checked={mode === 'append'}
              onChange={() => setMode('append')}
              className="size-5 accent-brand-700"
            />
            {t('authoring.import.append')}
          </label>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-mode`}
              checked={mode === 'replace'}
              onChange={() => setMode('replace')}
              className="size-5 accent-brand-700"
            />
            {t('authoring.import.replace')}
          </label>
        </fieldset>

        {problems.length > 0 && (
          <div role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-3">
            <p className="text-sm font-semibold text-red-900">
              {t('authoring.import.problems', { count: problems.length })}
            </p>
            <ul className="mt-2 max-h-48 list-disc space-y-1 overflow-y-auto pl-5 text-sm text-red-800">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        )}

        <details className="mt-4 text-sm text-slate-700">
          <summary className="min-h-11 cursor-pointer py-2 font-medium text-brand-800">
            {t('authoring.import.formats')}
          </summary>
          <p className="mt-1">{t('authoring.import.csv')}</p>
          <pre className="mt-1 overflow-x-auto rounded-lg bg-slate-100 p-2 text-xs">{CSV_EXAMPLE}</pre>
          <p className="mt-2">{t('authoring.import.aiken')}</p>
          <pre className="mt-1 overflow-x-auto rounded-lg bg-slate-100 p-2 text-xs">{AIKEN_EXAMPLE}</pre>
        </details>

        <p className="mt-4 text-xs text-slate-600">{t('authoring.import.note')}</p>
        <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('authoring.cancel')}
          </Button>
          <Button type="submit" loading={preview.isPending}>
            {t('authoring.import.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
