import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { AttemptSection, QuizAttempt } from '@quizcast/contract/schemas/quiz';
import type { Language } from '@quizcast/contract/i18n/languages';
import type { ApiError } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-client';
import { closeAttemptSection, fetchQuizAttempt } from '../api/quiz-attempt';
import type { AttemptT } from '../components/palette-labels';
import {
  canReach,
  closedQuestionIds,
  openSection,
  sectionFlowReducer,
  sectionLayout,
  sectionName,
  sectionOf,
} from '../lib/attempt-sections';
import type { AttemptSession } from './attempt-session';
import type { TimeWarning } from '../../../hooks/audio-mode';

/**
 * The sections of the running attempt (issue 26, ADR 022): which section is open on the server's
 * windows (a locked quiz moves on by itself when a window closes; the server owns every window, this
 * only follows it), the interstitial, closing a section early, and a save refused because its section
 * closed. A quiz without sections gets `layout: null` and nothing else happens.
 */
export function useAttemptSections({
  attempt,
  clockOffsetMs,
  session,
  currentIndex,
  language,
  t,
  announce,
  serverMessage,
}: {
  attempt: QuizAttempt;
  clockOffsetMs: number;
  session: AttemptSession;
  currentIndex: number;
  language: Language;
  t: AttemptT;
  /** Shown in the polite live region and, in audio mode, spoken. */
  announce(text: string): void;
  serverMessage(message: string): string;
}) {
  const [windows, setWindows] = useState<AttemptSection[] | undefined>(attempt.sections);
  const layout = useMemo(() => sectionLayout(attempt, windows), [attempt, windows]);
  const serverNow = useCallback(() => Date.now() + clockOffsetMs, [clockOffsetMs]);
  const [open, setOpen] = useState(() => (layout ? openSection(layout, serverNow()) : null));
  const [flow, dispatch] = useReducer(sectionFlowReducer, null, () => ({
    entered: open ?? (layout ? sectionOf(layout, currentIndex) : 0),
    interstitial: null,
  }));
  const [closing, setClosing] = useState(false);

  /** Only forward: a section once closed is never open again, whatever a clock says later. */
  const moveOpen = useCallback((next: number | null) => {
    setOpen((previous) => (previous === null || next === null ? next : Math.max(previous, next)));
  }, []);
  /** Which section is open now, on the server's windows (runs at each section clock's zero). */
  const refreshOpen = useCallback(() => {
    if (layout) moveOpen(openSection(layout, serverNow()));
  }, [layout, moveOpen, serverNow]);
  /** New windows from the server (an early close, a refused save): the open section follows them. */
  const applyWindows = useCallback(
    (fresh: Pick<QuizAttempt, 'sections' | 'currentSection'>) => {
      setWindows(fresh.sections);
      const nextLayout = sectionLayout(attempt, fresh.sections);
      if (!nextLayout) return;
      const computed = openSection(nextLayout, serverNow()) ?? 0;
      // The server's own answer counts too (this device's clock may lag it by the request's time).
      moveOpen(Math.max(computed, fresh.currentSection ?? 0));
    },
    [attempt, moveOpen, serverNow],
  );

  // A locked section opened: earlier ones take nothing more, the learner goes to its first question.
  const announced = useRef(flow.entered);
  useEffect(() => {
    if (!layout || open === null) return;
    const section = layout.sections[open]!;
    // Lock first: moving on must not add a change (time on screen) to a closed section's question.
    session.lock(closedQuestionIds(layout, open, attempt.questions));
    if (!canReach(layout, open, session.getSnapshot().currentIndex)) session.goTo(section.start);
    dispatch({ type: 'opened', section: open });
    if (open > announced.current) {
      announced.current = open;
      announce(
        t('attempt.section.changed', {
          closed: open,
          number: open + 1,
          name: sectionName(section, language),
          minutes: section.durationMin ?? 0,
        }),
      );
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per section opened
  }, [layout, open]);

  /** Take the server's windows again (a save was refused: its section closed meanwhile). */
  const reload = useCallback(async () => {
    try {
      const { attempt: fresh } = await fetchQuizAttempt(attempt._id);
      applyWindows(fresh);
      return fresh;
    } catch {
      return null;
    }
  }, [applyWindows, attempt._id]);

  /** A save refused with 409 because its section is closed (or not open): say so, move on, keep saving. */
  const onSectionRefused = useCallback(
    async (err: ApiError) => {
      toast.error(serverMessage(err.message));
      const fresh = await reload();
      const freshLayout = fresh ? sectionLayout(attempt, fresh.sections) : layout;
      if (freshLayout) {
        const now = Math.max(openSection(freshLayout, serverNow()) ?? 0, fresh?.currentSection ?? 0);
        const reachable = new Set(
          attempt.questions.slice(freshLayout.sections[now]!.start, freshLayout.sections[now]!.end),
        );
        const refused = attempt.questions.filter((q) => !reachable.has(q)).map((q) => q._id);
        session.lock(closedQuestionIds(freshLayout, now, attempt.questions));
        session.dropPending(refused);
      }
      session.resume();
    },
    [attempt, layout, reload, serverMessage, serverNow, session],
  );

  /** Close the open section now (after the learner confirmed): the server re-plans the rest. */
  const closeEarly = useCallback(async () => {
    if (!layout || open === null || closing) return;
    setClosing(true);
    try {
      await session.flush();
      const fresh = await closeAttemptSection(attempt._id, open);
      const ids = attempt.questions.slice(0, layout.sections[open]!.end).map((q) => q._id);
      session.lock(ids);
      session.dropPending(ids);
      applyWindows(fresh);
    } catch (err) {
      if (isApiError(err) && err.status === 409) {
        toast.error(serverMessage(err.message));
        await reload();
      } else {
        toast.error(t('attempt.section.closeFailed'));
      }
    } finally {
      setClosing(false);
    }
  }, [
    applyWindows,
    attempt._id,
    attempt.questions,
    closing,
    layout,
    open,
    reload,
    serverMessage,
    session,
    t,
  ]);

  /** A locked section's 5- and 1-minute warnings (the last section's are the quiz's own). */
  const onSectionWarning = useCallback(
    (warning: TimeWarning) => {
      if (!layout || open === null || open >= layout.sections.length - 1 || warning.unit !== 'minutes')
        return;
      announce(
        t('attempt.section.minutesLeft', {
          count: warning.count,
          name: sectionName(layout.sections[open]!, language),
        }),
      );
    },
    [announce, language, layout, open, t],
  );

  const current = layout ? (open ?? sectionOf(layout, currentIndex)) : 0;
  /** The palette per section, each named in the learner's language and marked closed or not started. */
  const paletteGroups = layout?.sections.map((s) => {
    const name = sectionName(s, language);
    const label =
      open === null || s.index === open
        ? name
        : t(s.index < open ? 'attempt.section.groupClosed' : 'attempt.section.groupUpcoming', { name });
    return { label, start: s.start, end: s.end, reachable: open === null || s.index === open };
  });
  const section = layout?.sections[current];
  const next = layout?.sections[current + 1];
  const last = layout?.sections.at(-1);
  return {
    /** A locked quiz: the attempt's deadline on the current windows (an early close moves it earlier). */
    deadlineMs: layout?.navigation === 'locked' ? (last?.closesAtMs ?? null) : null,
    currentName: section ? sectionName(section, language) : '',
    nextName: next ? sectionName(next, language) : '',
    paletteGroups,
    /** Previous and next stop at a locked section's edges. */
    firstIndex: section && open !== null ? section.start : 0,
    lastIndex: section && open !== null ? section.end - 1 : attempt.questions.length - 1,
    layout,
    open,
    current,
    interstitial: flow.interstitial,
    continueOn: () => dispatch({ type: 'continue' }),
    canReach: (index: number) => (layout ? canReach(layout, open, index) : true),
    closing,
    closeEarly,
    onSectionRefused,
    onSectionWarning,
    refreshOpen,
  };
}

export type AttemptSections = ReturnType<typeof useAttemptSections>;
