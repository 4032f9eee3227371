import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../i18n/i18n';
import { addSection } from '../lib/draft-sections';
import { blankQuestion, emptyDraft, type QuizDraft } from '../lib/quiz-draft';
import { SectionsPanel } from './sections-panel';

afterEach(cleanup);

let latest: QuizDraft;

function Harness({ initial, frozen = false }: { initial: QuizDraft; frozen?: boolean }) {
  const [draft, setDraft] = useState(initial);
  useEffect(() => {
    latest = draft;
  }, [draft]);
  return (
    <SectionsPanel
      draft={draft}
      frozen={frozen}
      update={(change) => setDraft(change)}
      fieldProblem={() => undefined}
      sectionProblem={() => undefined}
    />
  );
}

const sectionNames = () =>
  screen
    .getAllByRole('group', { name: /^Section \d$/ })
    .map((g) => within(g).getByLabelText<HTMLInputElement>('Name (English)').value);

describe('sections panel (issue 26)', () => {
  it('applies the CAT pattern: three locked 40-minute sections, and the quiz lasts their sum', async () => {
    const user = userEvent.setup();
    render(<Harness initial={emptyDraft()} />);
    expect(screen.getByText('No sections yet: the quiz is one list of questions.')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Start from an exam pattern'), 'cat');
    await user.click(screen.getByRole('button', { name: 'Apply pattern' }));
    expect(sectionNames()).toEqual([
      'Verbal Ability and Reading Comprehension',
      'Data Interpretation and Logical Reasoning',
      'Quantitative Ability',
    ]);
    expect(screen.getAllByLabelText<HTMLInputElement>('Time (minutes)').map((f) => f.value)).toEqual([
      '40',
      '40',
      '40',
    ]);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /^Timed, locked order/ }).checked).toBe(true);
    expect(screen.getByText('The quiz lasts as long as its sections together: 120 min.')).toBeTruthy();
    expect(screen.getByText('1 of 24 questions (as in the exam)')).toBeTruthy();
    expect([latest.markCorrect, latest.markWrong, latest.exam]).toEqual(['3', '1', 'Other']);
  }, 20_000);

  it('asks before a pattern replaces sections, then adds, renames, reorders and removes', async () => {
    const user = userEvent.setup();
    render(<Harness initial={{ ...emptyDraft(), questions: [blankQuestion(), blankQuestion()] }} />);
    await user.click(screen.getByRole('button', { name: 'Add section' }));
    await user.click(screen.getByRole('button', { name: 'Add section' }));
    const [first, second] = screen.getAllByLabelText('Name (English)');
    // Whole values at once: typing key by key adds nothing here and is slow in jsdom.
    fireEvent.change(first!, { target: { value: 'Physics' } });
    fireEvent.change(second!, { target: { value: 'Chemistry' } });
    fireEvent.change(screen.getAllByLabelText('Name (Hindi)')[0]!, { target: { value: 'भौतिकी' } });
    expect(latest.questions.map((q) => q.section)).toEqual([0, 0]);

    await user.click(screen.getByRole('button', { name: 'Move section 1 down' }));
    expect(sectionNames()).toEqual(['Chemistry', 'Physics']);
    expect(latest.questions.map((q) => q.section)).toEqual([1, 1]);
    expect(screen.getByRole('status').textContent).toBe('Section moved to position 2.');
    // Focus followed the section (its "down" button is disabled at the end, so "up").
    await new Promise((r) => requestAnimationFrame(r));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move section 2 up' }));

    await user.click(screen.getByRole('button', { name: 'Remove section 2' }));
    expect(sectionNames()).toEqual(['Chemistry']);
    expect(latest.questions.map((q) => q.section)).toEqual([0, 0]);

    await user.selectOptions(screen.getByLabelText('Start from an exam pattern'), 'jee-main');
    await user.click(screen.getByRole('button', { name: 'Apply pattern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply JEE Main (Paper 1)?' });
    expect(within(dialog).getByText(/Your 2 questions are kept/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Apply pattern' }));
    expect(sectionNames()).toEqual(['Physics', 'Chemistry', 'Mathematics']);
    expect(screen.queryByLabelText('Time (minutes)')).toBeNull();
  }, 20_000);

  it('once participants started: says why, and leaves only names and cut-offs editable', () => {
    const started = { ...addSection(emptyDraft()), navigation: 'locked' as const };
    render(<Harness initial={started} frozen />);
    expect(screen.getByText(/Participants have started: the sections' order, times, marking/)).toBeTruthy();
    for (const radio of screen.getAllByRole<HTMLInputElement>('radio')) expect(radio.disabled).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Time (minutes)').disabled).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Marks for a correct answer').disabled).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Name (English)').disabled).toBe(false);
    expect(screen.getByLabelText<HTMLInputElement>('Cut-off score').disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Add section' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove section 1' })).toBeNull();
    expect(screen.queryByLabelText('Start from an exam pattern')).toBeNull();
  });

  it('reads in Hindi, the patterns by their Hindi names', async () => {
    await setLanguage('hi');
    try {
      render(<Harness initial={emptyDraft()} />);
      expect(await screen.findByRole('heading', { name: 'खंड और नेविगेशन' })).toBeTruthy();
      const picker = screen.getByLabelText('किसी परीक्षा पैटर्न से शुरू करें');
      expect(
        within(picker).getByRole('option', { name: /^IBPS PO प्रारंभिक परीक्षा: 3 खंड, 100 प्रश्न/ }),
      ).toBeTruthy();
      expect(screen.getByRole('button', { name: 'खंड जोड़ें' })).toBeTruthy();
    } finally {
      await setLanguage('en');
    }
  }, 20_000);
});
