import { AlarmClock } from 'lucide-react';
import { useState } from 'react';
import type { SubmitQuizResponse } from '@quizcast/contract/schemas/quiz';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { resultsPublishedText } from './results-time';

export type TimeUpOutcome =
  | { kind: 'submitting' }
  | { kind: 'submitted'; result: SubmitQuizResponse }
  /** The server had already taken the answers in (auto-submitted with the saved answers). */
  | { kind: 'already-submitted' }
  /** No connection: the device retries when back online; the server submits the saved answers anyway. */
  | { kind: 'offline' }
  | { kind: 'failed' };

const scoreText = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));

/** "Time's Up!" with View Results: the score overlay, whose close goes back to the list. */
export function TimeUpScreen({
  quizName,
  outcome,
  onClose,
}: {
  quizName: string;
  outcome: TimeUpOutcome;
  onClose(): void;
}) {
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    onClose();
  };
  return (
    <section
      aria-labelledby="time-up-heading"
      className="mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center"
    >
      <AlarmClock className="mx-auto size-12 text-red-600" aria-hidden="true" />
      <h1 id="time-up-heading" className="mt-4 text-2xl font-bold text-slate-900">
        Time&apos;s Up!
      </h1>
      <p className="mt-1 text-sm text-slate-600">{quizName}</p>
      <div className="mt-3 text-slate-700" role="status">
        {outcome.kind === 'submitting' && (
          <span className="inline-flex items-center gap-2">
            <Spinner label="Submitting" /> Submitting your answers…
          </span>
        )}
        {outcome.kind === 'submitted' && 'Your answers have been submitted.'}
        {outcome.kind === 'already-submitted' && 'Your saved answers were submitted automatically.'}
        {outcome.kind === 'offline' &&
          'You are offline. Your answers are saved on this device and will be sent when you are back online.'}
        {outcome.kind === 'failed' &&
          'Failed to submit quiz. Your saved answers are submitted automatically.'}
      </div>
      <Button className="mt-6 w-full" onClick={() => setOpen(true)} disabled={outcome.kind === 'submitting'}>
        View Results
      </Button>
      <Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : close())} title="Your Results">
        {outcome.kind === 'submitted' && outcome.result.score === undefined ? (
          // The quiz does not show scores on submit (ADR 014): say when the results come instead.
          <p className="text-sm text-slate-700" data-testid="results-at">
            {resultsPublishedText(outcome.result.resultsAt)}
          </p>
        ) : outcome.kind === 'submitted' ? (
          <div className="space-y-4 text-center">
            <p className="text-sm text-slate-600">Score</p>
            <p className="text-4xl font-extrabold text-brand-800" data-testid="score">
              {scoreText(outcome.result.score ?? 0)} / {scoreText(outcome.result.maxScore ?? 0)}
            </p>
            <p className="text-sm text-slate-600">
              Answered {outcome.result.answeredCount ?? 0} of {outcome.result.totalQuestions} questions
            </p>
            <p className="text-sm text-slate-600">
              Your rank and the correct answers appear after the quiz ends.
            </p>
          </div>
        ) : (
          <p className="text-sm text-slate-600">
            Your score, rank and the correct answers appear in the quiz summary after the quiz ends.
          </p>
        )}
        <Button className="mt-6 w-full" onClick={close}>
          Close
        </Button>
      </Dialog>
    </section>
  );
}
