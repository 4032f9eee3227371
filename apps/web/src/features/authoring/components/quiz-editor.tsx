import { FileUp, Lock, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { WEB_ROUTES, webPath } from '@quizcast/contract/routes';
import type { AdminQuiz } from '@quizcast/contract/schemas/admin-quiz';
import type { ImportPreviewResponse } from '@quizcast/contract/schemas/question-import';
import { QUIZ_QUESTIONS_MAX } from '@quizcast/contract/schemas/quiz-input';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { announceOn } from '../../../components/ui/screen-notice';
import { Spinner } from '../../../components/ui/spinner';
import { useT } from '../../../i18n/use-t';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useAdminQuiz, useDeleteQuiz, useSaveQuiz } from '../api/admin-quizzes';
import { useDraftProblems } from '../hooks/use-draft-problems';
import { useQuizDraft } from '../hooks/use-quiz-draft';
import { draftQuestionsFromImport, withImported, type ImportMode } from '../lib/imported-questions';
import { blankQuestion, draftToInput } from '../lib/quiz-draft';
import { authoringCatalog } from '../messages/catalog';
import { DateTimeField } from './date-time-field';
import { ImportDialog } from './import-dialog';
import { QuestionEditor, type RenderRecording } from './question-editor';
import { QuestionSectionField } from './question-section-field';
import { QuizDetailsSection } from './quiz-details-section';
import { SectionsPanel } from './sections-panel';

/** The pages' one slot: a saved question's recording (the Recordings feature, given by the route). */
interface EditorSlots {
  renderRecording?: RenderRecording;
}

export function CreateQuizPage({ renderRecording }: EditorSlots = {}) {
  return <QuizEditor renderRecording={renderRecording} />;
}

export function EditQuizPage({ renderRecording }: EditorSlots = {}) {
  const { id = '' } = useParams();
  const query = useAdminQuiz(id);
  const t = useT(authoringCatalog);
  if (query.isPending) return <Spinner label={t('authoring.loadingQuiz')} />;
  if (query.isError) {
    return (
      <ErrorState
        title={
          isApiError(query.error) && query.error.status === 404
            ? t('authoring.quizNotFound')
            : t('authoring.quizLoadFailed')
        }
        message={errorMessage(query.error, t('authoring.tryAgain'))}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <QuizEditor key={query.data._id} quiz={query.data} renderRecording={renderRecording} />;
}

function QuizEditor({ quiz, renderRecording }: EditorSlots & { quiz?: AdminQuiz }) {
  const t = useT(authoringCatalog);
  const navigate = useNavigate();
  const save = useSaveQuiz(quiz?._id);
  const remove = useDeleteQuiz();
  const locked = quiz?.locked ?? false;
  const { draft, dirty, showRestored, change, update, setQuestions, moveQuestion, discard, settle } =
    useQuizDraft(quiz);
  const {
    summaryRef,
    check,
    refused,
    clear: clearProblems,
    field,
    section: sectionProblem,
    all: allProblems,
    questions: questionProblems,
  } = useDraftProblems(t('authoring.editor.saveFailed'));
  const [importOpen, setImportOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const discardChanges = () => {
    discard();
    clearProblems();
  };

  const onImported = (imported: ImportPreviewResponse['questions'], mode: ImportMode) => {
    const fresh = draftQuestionsFromImport(imported, draft.sections);
    setQuestions((qs) => withImported(qs, fresh, mode));
    toast.success(t('authoring.editor.imported', { count: fresh.length }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Only this form's own submit saves (a dialog's form inside it, through a portal, must not).
    if (event.target !== event.currentTarget) return;
    if (!check(draft)) return;
    try {
      const saved = await save.mutateAsync(draftToInput(draft));
      settle();
      const details = webPath.quizDetails(saved._id);
      announceOn(details, quiz ? t('authoring.editor.saved') : t('authoring.editor.created'));
      navigate(details);
    } catch (err) {
      refused(err);
    }
  };

  const onDelete = async () => {
    if (!quiz) return;
    try {
      await remove.mutateAsync(quiz._id);
      settle();
      announceOn(WEB_ROUTES.adminQuizzes, t('authoring.editor.deleted'));
      navigate(WEB_ROUTES.adminQuizzes, { replace: true });
    } catch (err) {
      setConfirmDelete(false);
      toast.error(errorMessage(err, t('authoring.editor.deleteFailed')));
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="quiz-editor-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="quiz-editor-title" className="text-2xl font-bold text-slate-900">
          {quiz ? t('authoring.editor.editTitle') : t('authoring.editor.createTitle')}
        </h1>
        {quiz && (
          <Link
            to={webPath.quizDetails(quiz._id)}
            className="inline-flex min-h-11 items-center rounded-xl px-4 text-sm font-semibold text-brand-800 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            {t('authoring.editor.viewDetails')}
          </Link>
        )}
      </div>

      {showRestored && (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-xl border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
          <p>{t('authoring.editor.restored')}</p>
          <Button variant="secondary" onClick={discardChanges}>
            {t('authoring.editor.discard')}
          </Button>
        </div>
      )}

      {locked && (
        <div className="mt-4 flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>{t('authoring.editor.locked')}</p>
        </div>
      )}

      {allProblems.length > 0 && (
        <div
          ref={summaryRef}
          tabIndex={-1}
          role="alert"
          className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900"
        >
          <p className="font-semibold">{t('authoring.editor.fixProblems', { count: allProblems.length })}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
            {allProblems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}

      <QuizDetailsSection draft={draft} locked={locked} field={field} onChange={change} />

      <SectionsPanel
        draft={draft}
        frozen={locked}
        update={update}
        fieldProblem={field}
        sectionProblem={sectionProblem}
      />

      <section
        aria-labelledby="schedule-heading"
        className="mt-4 rounded-2xl border border-slate-200 bg-white p-4"
      >
        <h2 id="schedule-heading" className="text-lg font-bold text-slate-900">
          {t('authoring.editor.schedule')}
        </h2>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <DateTimeField
            label={t('authoring.editor.startsAt')}
            value={draft.start}
            onChange={(start) => change({ start })}
            error={field('startTimeStamp')}
            disabled={locked}
            withNow
          />
          <DateTimeField
            label={t('authoring.editor.endsAt')}
            value={draft.end}
            onChange={(end) => change({ end })}
            error={field('endTimeStamp')}
          />
        </div>
      </section>

      <section aria-labelledby="questions-heading" className="mt-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="questions-heading" className="text-lg font-bold text-slate-900">
            {t('authoring.editor.questions', { count: draft.questions.length })}
          </h2>
          {!locked && (
            <Button variant="secondary" onClick={() => setImportOpen(true)}>
              <FileUp className="size-4" aria-hidden="true" />
              {t('authoring.editor.import')}
            </Button>
          )}
        </div>
        {field('questions') && <p className="mt-2 text-sm text-red-700">{field('questions')}</p>}
        <div className="mt-3 space-y-4">
          {draft.questions.map((q, i) => (
            <QuestionEditor
              key={q.key}
              quizId={quiz?._id}
              question={q}
              index={i}
              total={draft.questions.length}
              quizName={draft.name}
              problems={questionProblems?.[i]}
              renderRecording={renderRecording}
              locked={locked}
              onChange={(next) => setQuestions((qs) => qs.map((x, j) => (j === i ? next : x)))}
              onMove={(delta) => moveQuestion(i, delta)}
              onRemove={() => setQuestions((qs) => qs.filter((_, j) => j !== i))}
              sectionField={
                draft.sections.length > 0 && (
                  <QuestionSectionField
                    sections={draft.sections}
                    value={q.section}
                    frozen={locked}
                    onChange={(section) =>
                      setQuestions((qs) => qs.map((x, j) => (j === i ? { ...x, section } : x)))
                    }
                  />
                )
              }
            />
          ))}
        </div>
        {!locked && draft.questions.length < QUIZ_QUESTIONS_MAX && (
          <Button
            variant="secondary"
            className="mt-4 w-full"
            onClick={() =>
              setQuestions((qs) => [
                ...qs,
                // A new question joins the section of the one before it (or the first).
                { ...blankQuestion(), section: draft.sections.length ? (qs.at(-1)?.section ?? 0) : null },
              ])
            }
          >
            <Plus className="size-4" aria-hidden="true" />
            {t('authoring.editor.addQuestion')}
          </Button>
        )}
      </section>

      {/* On a phone the actions end the form, in its flow: stacked and kept in view, they covered its
          fields (issue 30's 360 px check). From sm up they are one row kept at the bottom. */}
      <div className="mt-6 flex flex-col-reverse gap-2 border-t border-slate-200 bg-slate-50/95 py-3 backdrop-blur sm:sticky sm:bottom-0 sm:flex-row sm:justify-between">
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          {quiz && !locked && (
            <Button variant="danger" onClick={() => setConfirmDelete(true)}>
              {t('authoring.editor.delete')}
            </Button>
          )}
          {dirty && (
            <Button variant="ghost" onClick={discardChanges}>
              {t('authoring.editor.discard')}
            </Button>
          )}
        </div>
        <Button type="submit" loading={save.isPending}>
          {quiz ? t('authoring.editor.save') : t('authoring.editor.create')}
        </Button>
      </div>

      <ImportDialog open={importOpen} onOpenChange={setImportOpen} onImported={onImported} />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('authoring.editor.deleteTitle')}
        message={t('authoring.editor.deleteMessage')}
        confirmLabel={t('authoring.editor.delete')}
        destructive
        loading={remove.isPending}
        onConfirm={() => void onDelete()}
      />
    </form>
  );
}
