import { describe, expect, it } from 'vitest';
import { inLearnerOrder, learnerChoiceOrder } from './learner-order';

const questions = Array.from({ length: 30 }, (_, i) => ({
  id: `q${i}`,
  choices: [`a${i}`, `b${i}`, `c${i}`, `d${i}`],
  ansIndex: i % 4,
}));
const both = { shuffleQuestions: true, shuffleChoices: true };

describe('learner order', () => {
  it('is the same for the same quiz and learner, and differs between learners', () => {
    const first = inLearnerOrder(questions, 'quiz', 'learner-1', both);
    expect(inLearnerOrder(questions, 'quiz', 'learner-1', both)).toEqual(first);
    const other = inLearnerOrder(questions, 'quiz', 'learner-2', both);
    expect(other.map((q) => q.id)).not.toEqual(first.map((q) => q.id));
    expect(first.map((q) => q.id)).not.toEqual(questions.map((q) => q.id));
  });

  it('keeps every question and choice, and moves the answer index with its choice', () => {
    const ordered = inLearnerOrder(questions, 'quiz', 'learner-1', both);
    expect(ordered.map((q) => q.id).sort()).toEqual(questions.map((q) => q.id).sort());
    for (const q of ordered) {
      const original = questions.find((o) => o.id === q.id)!;
      expect([...q.choices].sort()).toEqual([...original.choices].sort());
      expect(q.choices[q.ansIndex]).toBe(original.choices[original.ansIndex]);
    }
    const moved = ordered.filter(
      (q) => q.choices.join() !== questions.find((o) => o.id === q.id)!.choices.join(),
    );
    expect(moved.length).toBeGreaterThan(0);
  });

  it('changes nothing when both options are off', () => {
    expect(
      inLearnerOrder(questions, 'quiz', 'learner-1', { shuffleQuestions: false, shuffleChoices: false }),
    ).toEqual(questions);
  });

  it('keeps "All of the above" and "None of the above" last', () => {
    const choices = ['Red', 'Green', 'Blue', 'All of the above', 'None of the above'];
    for (const learner of ['l1', 'l2', 'l3', 'l4', 'l5', 'l6']) {
      expect(learnerChoiceOrder('quiz', learner, 'q', choices).slice(3)).toEqual([
        'All of the above',
        'None of the above',
      ]);
    }
  });

  it('leaves a question whose choices name others by letter in its order', () => {
    const choices = ['Mercury', 'Venus', 'Earth', 'Both A and B'];
    for (const learner of ['l1', 'l2', 'l3', 'l4']) {
      expect(learnerChoiceOrder('quiz', learner, 'q', choices)).toEqual(choices);
    }
  });
});
