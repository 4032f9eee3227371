import { FileUp, Lock, Plus } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { EDUCATION_LEVELS } from '@quizcast/contract/constants';
import { WEB_ROUTES, webPath } from '@quizcast/contract/routes';
import {
  QUIZ_EXAMS,
  QUIZ_QUESTIONS_MAX,
  type AdminQuiz,
  type ImportPreviewResponse,
} from '@quizcast/contract/schemas/admin';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { educationLevelLabel } from '../../../i18n/education-level';
import { commonCatalog } from '../../../i18n/messages/catalog';
import { useServerMessage, useT, type Translate } from '../../../i18n/use-t';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { storage } from '../../../lib/storage';
import { useAdminQuiz, useDeleteQuiz, useSaveQuiz } from '../api/admin-quizzes';
import {
  blankQuestion,
  integrityOption,
  draftFromQuiz,
  draftProblems,
  draftToInput,
  emptyDraft,
  isBlankQuestion,
  newKey,
  type DraftProblems,
  type DraftQuestion,
  type IntegrityOption,
  type QuizDraft,
} from '../lib/quiz-draft';
import { adminCatalog, type AdminKey } from '../messages/catalog';
import { DateTimeField } from './date-time-field';
import { SelectField, TextAreaField } from './form-fields';
import { ImportDialog, type ImportMode } from './import-dialog';
import { QuestionEditor } from './question-editor';

const EXAM_OPTIONS = QUIZ_EXAMS.map((e) => ({ value: e, label: e }));

/** Unsaved edits survive a reload (patchy data, accidental refresh) until saved or discarded. */
const draftKey = (quizId?: string) => `quizcast.admin.quizDraft.${quizId ?? 'new'}`;

function readSavedDraft(quizId?: string): QuizDraft | null {
  const raw = storage.get(draftKey(quizId));
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as QuizDraft;
    // Drafts saved before questions had a topic (issue 14) get an empty one.
    return { ...draft, questions: draft.questions.map((q) => ({ ...q, topic: q.topic ?? '' })) };
  } catch {
    return null;
  }
}

export function CreateQuizPage() {
  return <QuizEditor />;
}

export function EditQuizPage() {
  const { id = '' } = useParams();
  const query = useAdminQuiz(id);
  const t = useT(adminCatalog);
  if (query.isPending) return <Spinner label={t('admin.loadingQuiz')} />;
  if (query.isError) {
    return (
      <ErrorState
        title={
          isApiError(query.error) && query.error.status === 404
            ? t('admin.quizNotFound')
            : t('admin.quizLoadFailed')
        }
        message={errorMessage(query.error, t('admin.tryAgain'))}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <QuizEditor key={query.data._id} quiz={query.data} />;
}

function QuizEditor({ quiz }: { quiz?: AdminQuiz }) {
  const t = useT(adminCatalog);
  const tCommon = useT(commonCatalog);
  const m = useServerMessage();
  const navigate = useNavigate();
  const save = useSaveQuiz(quiz?._id);
  const remove = useDeleteQuiz();
  const locked = quiz?.locked ?? false;
  const [restored] = useState(() => readSavedDraft(quiz?._id));
  const [draft, setDraft] = useState<QuizDraft>(
    () => restored ?? (quiz ? draftFromQuiz(quiz) : emptyDraft()),
  );
  const [dirty, setDirty] = useState(restored !== null);
  const [showRestored, setShowRestored] = useState(restored !== null);
  const [problems, setProblems] = useState<DraftProblems | null>(null);
  const [serverProblems, setServerProblems] = useState<string[]>([]);
  const [importOpen, setImportOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (dirty) storage.set(draftKey(quiz?._id), JSON.stringify(draft));
  }, [draft, dirty, quiz?._id]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const change = (patch: Partial<QuizDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setDirty(true);
  };
  const setQuestions = (update: (qs: DraftQuestion[]) => DraftQuestion[]) => {
    setDraft((d) => ({ ...d, questions: update(d.questions) }));
    setDirty(true);
  };
  const moveQuestion = (index: number, delta: -1 | 1) =>
    setQuestions((qs) => {
      const target = index + delta;
      if (target < 0 || target >= qs.length) return qs;
      const next = [...qs];
      [next[index], next[target]] = [next[target]!, next[index]!];
      return next;
    });

  const discardChanges = () => {
    storage.remove(draftKey(quiz?._id));
    setDraft(quiz ? draftFromQuiz(quiz) : emptyDraft());
    setDirty(false);
    setShowRestored(false);
    setProblems(null);
    setServerProblems([]);
  };

  const onImported = (imported: ImportPreviewResponse['questions'], mode: ImportMode) => {
    const fresh: DraftQuestion[] = imported.map((q) => ({
      key: newKey(),
      qn: q.qn,
      choices: q.choices,
      ansIndex: q.ansIndex,
      explanation: q.explanation ?? '',
      lang: q.lang ?? 'en',
      topic: q.topic ?? '',
      type: q.type ?? 'mcq',
      numericAnswer: q.numericAnswer ?? '',
      tolerance: q.tolerance ?? '',
      qnHi: q.qnHi ?? '',
      choicesHi: q.choices.map((_, i) => q.choicesHi?.[i] ?? ''),
      explanationHi: q.explanationHi ?? '',
    }));
    setQuestions((qs) => (mode === 'replace' ? fresh : [...qs.filter((q) => !isBlankQuestion(q)), ...fresh]));
    toast.success(t('admin.editor.imported', { count: fresh.length }));
  };

  const focusSummary = () => requestAnimationFrame(() => summaryRef.current?.focus());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Only this form's own submit saves (a dialog's form inside it, through a portal, must not).
    if (event.target !== event.currentTarget) return;
    setServerProblems([]);
    const found = draftProblems(draft);
    setProblems(found);
    if (found) {
      focusSummary();
      return;
    }
    try {
      const saved = await save.mutateAsync(draftToInput(draft));
      storage.remove(draftKey(quiz?._id));
      setDirty(false);
      toast.success(quiz ? t('admin.editor.saved') : t('admin.editor.created'));
      navigate(webPath.quizDetails(saved._id));
    } catch (err) {
      setServerProblems(isApiError(err) ? (err.messages ?? [err.message]) : [t('admin.editor.saveFailed')]);
      focusSummary();
    }
  };

  const onDelete = async () => {
    if (!quiz) return;
    try {
      await remove.mutateAsync(quiz._id);
      storage.remove(draftKey(quiz._id));
      setDirty(false);
      toast.success(t('admin.editor.deleted'));
      navigate(WEB_ROUTES.adminQuizzes, { replace: true });
    } catch (err) {
      setConfirmDelete(false);
      toast.error(errorMessage(err, t('admin.editor.deleteFailed')));
    }
  };

  // The rules' messages are the contract's English; shown in the language on screen.
  const field = (name: string) => problems?.fields[name]?.map((p) => m(p)).join(' ');
  const allProblems = [...(problems?.all ?? []), ...serverProblems].map((p) => m(p));
  const classOptions = EDUCATION_LEVELS.map((c) => ({ value: c, label: educationLevelLabel(c, tCommon) }));

  return (
    <form onSubmit={submit} noValidate aria-labelledby="quiz-editor-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="quiz-editor-title" className="text-2xl font-bold text-slate-900">
          {quiz ? t('admin.editor.editTitle') : t('admin.editor.createTitle')}
        </h1>
        {quiz && (
          <Link
            to={webPath.quizDetails(quiz._id)}
            className="inline-flex min-h-11 items-center rounded-xl px-4 text-sm font-semibold text-brand-800 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            {t('admin.editor.viewDetails')}
          </Link>
        )}
      </div>

      {showRestored && (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-xl border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
          <p>{t('admin.editor.restored')}</p>
          <Button variant="secondary" onClick={discardChanges}>
            {t('admin.editor.discard')}
          </Button>
        </div>
      )}

      {locked && (
        <div className="mt-4 flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>{t('admin.editor.locked')}</p>
        </div>
      )}

      {allProblems.length > 0 && (
        <div
          ref={summaryRef}
          tabIndex={-1}
          role="alert"
          className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900"
        >
          <p className="font-semibold">{t('admin.editor.fixProblems', { count: allProblems.length })}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
            {allProblems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}

      <section
        aria-labelledby="details-heading"
        className="mt-6 rounded-2xl border border-slate-200 bg-white p-4"
      >
        <h2 id="details-heading" className="text-lg font-bold text-slate-900">
          {t('admin.editor.details')}
        </h2>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <TextField
            className="sm:col-span-2"
            label={t('admin.editor.name')}
            value={draft.name}
            onChange={(e) => change({ name: e.target.value })}
            error={field('name')}
            maxLength={200}
          />
          <TextAreaField
            className="sm:col-span-2"
            label={t('admin.editor.description')}
            rows={2}
            value={draft.desc}
            onChange={(e) => change({ desc: e.target.value })}
            error={field('desc')}
          />
          <SelectField
            label={t('admin.editor.exam')}
            value={draft.exam}
            onChange={(e) => change({ exam: e.target.value })}
            options={EXAM_OPTIONS}
            error={field('exam')}
          />
          <SelectField
            label={t('admin.editor.class')}
            value={draft.class}
            onChange={(e) => change({ class: e.target.value })}
            options={classOptions}
            error={field('class')}
          />
          <TextField
            label={t('admin.editor.duration')}
            type="number"
            inputMode="numeric"
            min={1}
            max={300}
            value={draft.duration}
            onChange={(e) => change({ duration: e.target.value })}
            error={field('duration')}
            disabled={locked}
          />
          <TextField
            label={t('admin.editor.price')}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            value={draft.price}
            onChange={(e) => change({ price: e.target.value })}
            error={field('price')}
            hint={t('admin.editor.priceHint')}
          />
          <TextField
            label={t('admin.editor.markCorrect')}
            type="number"
            inputMode="decimal"
            step="0.01"
            value={draft.markCorrect}
            onChange={(e) => change({ markCorrect: e.target.value })}
            error={field('markingScheme')}
            disabled={locked}
          />
          <TextField
            label={t('admin.editor.markWrong')}
            type="number"
            inputMode="decimal"
            step="0.01"
            min={0}
            value={draft.markWrong}
            onChange={(e) => change({ markWrong: e.target.value })}
            disabled={locked}
          />
          <TextAreaField
            className="sm:col-span-2"
            label={t('admin.editor.instructions')}
            rows={3}
            value={draft.instructions}
            onChange={(e) => change({ instructions: e.target.value })}
            error={field('instructions')}
          />
          <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800 sm:col-span-2">
            <input
              type="checkbox"
              checked={draft.published}
              onChange={(e) => change({ published: e.target.checked })}
              className="size-5 accent-brand-700"
            />
            {t('admin.editor.published')}
          </label>
        </div>
        <IntegrityOptions draft={draft} locked={locked} onChange={change} t={t} />
      </section>

      <section
        aria-labelledby="schedule-heading"
        className="mt-4 rounded-2xl border border-slate-200 bg-white p-4"
      >
        <h2 id="schedule-heading" className="text-lg font-bold text-slate-900">
          {t('admin.editor.schedule')}
        </h2>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <DateTimeField
            label={t('admin.editor.startsAt')}
            value={draft.start}
            onChange={(start) => change({ start })}
            error={field('startTimeStamp')}
            disabled={locked}
            withNow
          />
          <DateTimeField
            label={t('admin.editor.endsAt')}
            value={draft.end}
            onChange={(end) => change({ end })}
            error={field('endTimeStamp')}
          />
        </div>
      </section>

      <section aria-labelledby="questions-heading" className="mt-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="questions-heading" className="text-lg font-bold text-slate-900">
            {t('admin.editor.questions', { count: draft.questions.length })}
          </h2>
          {!locked && (
            <Button variant="secondary" onClick={() => setImportOpen(true)}>
              <FileUp className="size-4" aria-hidden="true" />
              {t('admin.editor.import')}
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
              problems={problems?.questions[i]}
              locked={locked}
              onChange={(next) => setQuestions((qs) => qs.map((x, j) => (j === i ? next : x)))}
              onMove={(delta) => moveQuestion(i, delta)}
              onRemove={() => setQuestions((qs) => qs.filter((_, j) => j !== i))}
            />
          ))}
        </div>
        {!locked && draft.questions.length < QUIZ_QUESTIONS_MAX && (
          <Button
            variant="secondary"
            className="mt-4 w-full"
            onClick={() => setQuestions((qs) => [...qs, blankQuestion()])}
          >
            <Plus className="size-4" aria-hidden="true" />
            {t('admin.editor.addQuestion')}
          </Button>
        )}
      </section>

      <div className="sticky bottom-0 mt-6 flex flex-col-reverse gap-2 border-t border-slate-200 bg-slate-50/95 py-3 backdrop-blur sm:flex-row sm:justify-between">
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          {quiz && !locked && (
            <Button variant="danger" onClick={() => setConfirmDelete(true)}>
              {t('admin.editor.delete')}
            </Button>
          )}
          {dirty && (
            <Button variant="ghost" onClick={discardChanges}>
              {t('admin.editor.discard')}
            </Button>
          )}
        </div>
        <Button type="submit" loading={save.isPending}>
          {quiz ? t('admin.editor.save') : t('admin.editor.create')}
        </Button>
      </div>

      <ImportDialog open={importOpen} onOpenChange={setImportOpen} onImported={onImported} />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('admin.editor.deleteTitle')}
        message={t('admin.editor.deleteMessage')}
        confirmLabel={t('admin.editor.delete')}
        destructive
        loading={remove.isPending}
        onConfirm={() => void onDelete()}
      />
    </form>
  );
}

const INTEGRITY_OPTIONS: { option: IntegrityOption; label: AdminKey; hint: AdminKey; frozen: boolean }[] = [
  {
    option: 'showScoreOnSubmit',
    label: 'admin.editor.showScore',
    hint: 'admin.editor.showScoreHint',
    frozen: false,
  },
  {
    option: 'shuffleQuestions',
    label: 'admin.editor.shuffleQuestions',
    hint: 'admin.editor.shuffleQuestionsHint',
    frozen: true,
  },
  {
    option: 'shuffleChoices',
    label: 'admin.editor.shuffleChoices',
    hint: 'admin.editor.shuffleChoicesHint',
    frozen: true,
  },
];

/** Score on submit and per-learner shuffling (ADR 014); shuffling is fixed once anyone has started. */
function IntegrityOptions({
  draft,
  locked,
  onChange,
  t,
}: {
  draft: QuizDraft;
  locked: boolean;
  onChange(patch: Partial<QuizDraft>): void;
  t: Translate<AdminKey>;
}) {
  return (
    <fieldset className="mt-4 space-y-3 border-t border-slate-200 pt-4">
      <legend className="text-sm font-bold text-slate-900">{t('admin.editor.fairPlay')}</legend>
      {INTEGRITY_OPTIONS.map(({ option, label, hint, frozen }) => {
        const hintId = `${option}-hint`;
        return (
          <div key={option}>
            <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800">
              <input
                type="checkbox"
                checked={integrityOption(draft, option)}
                onChange={(e) => onChange({ [option]: e.target.checked })}
                disabled={frozen && locked}
                aria-describedby={hintId}
                className="size-5 accent-brand-700"
              />
              {t(label)}
            </label>
            <p id={hintId} className="ml-8 text-xs text-slate-600">
              {t(hint)}
            </p>
          </div>
        );
      })}
    </fieldset>
  );
}
