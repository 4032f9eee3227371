import { useRef, useState } from 'react';
import { useServerMessage } from '../../../i18n/use-t';
import { isApiError } from '../../../lib/api-client';
import { draftProblems, type DraftProblems, type QuizDraft } from '../lib/quiz-draft';

/**
 * The editor's validation: the draft's own problems (checked before anything is sent) and the server's
 * (after a refused save), listed in one summary that takes the focus.
 */
export function useDraftProblems(saveFailed: string) {
  const m = useServerMessage();
  const [problems, setProblems] = useState<DraftProblems | null>(null);
  const [serverProblems, setServerProblems] = useState<string[]>([]);
  const summaryRef = useRef<HTMLDivElement>(null);

  const focusSummary = () => requestAnimationFrame(() => summaryRef.current?.focus());

  /** True when the draft may be sent; otherwise its problems are shown. */
  const check = (draft: QuizDraft): boolean => {
    setServerProblems([]);
    const found = draftProblems(draft);
    setProblems(found);
    if (found) focusSummary();
    return !found;
  };

  const refused = (err: unknown) => {
    setServerProblems(isApiError(err) ? (err.messages ?? [err.message]) : [saveFailed]);
    focusSummary();
  };

  const clear = () => {
    setProblems(null);
    setServerProblems([]);
  };

  // The rules' messages are the contract's English; shown in the language on screen.
  const field = (name: string) => problems?.fields[name]?.map((p) => m(p)).join(' ');
  const all = [...(problems?.all ?? []), ...serverProblems].map((p) => m(p));

  const section = (index: number) => problems?.sections[index]?.map((p) => m(p)).join(' ');

  return { summaryRef, check, refused, clear, field, section, all, questions: problems?.questions };
}
