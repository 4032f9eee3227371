import { describe, expect, it } from 'vitest';
import { MARKING_PRESETS, adviseMarking, breakEvenProbability, choicesToEliminate } from './negative-marking';

describe('negative-marking advisor', () => {
  it('NEET/JEE +4/−1: a guess pays above 20%, so one 4-option guess pays with nothing ruled out', () => {
    const advice = adviseMarking(MARKING_PRESETS['NEET/JEE'], { correct: 30, wrong: 10, skipped: 5 });
    expect(advice).toEqual({
      marksLostToWrong: 10,
      marksLeftOnTable: 20,
      breakEvenProbability: 0.2,
      eliminateToGuess: 0,
    });
  });

  it('UPSC +2/−0.66: break-even 24.81%, so rule out one of four first', () => {
    const advice = adviseMarking(MARKING_PRESETS.UPSC, { correct: 50, wrong: 30, skipped: 20 });
    expect(advice.marksLostToWrong).toBe(19.8);
    expect(advice.marksLeftOnTable).toBe(40);
    expect(advice.breakEvenProbability).toBe(0.2481);
    expect(advice.eliminateToGuess).toBe(0);
    // 0.25 > 0.2481, barely: a blind 4-way guess is worth +0.005 marks on average.
    expect(0.25 * 2 - 0.75 * 0.66).toBeCloseTo(0.005, 10);
  });

  it('SSC +2/−0.5: break-even exactly 20%', () => {
    const advice = adviseMarking(MARKING_PRESETS.SSC, { correct: 60, wrong: 15, skipped: 25 });
    expect(advice).toEqual({
      marksLostToWrong: 7.5,
      marksLeftOnTable: 50,
      breakEvenProbability: 0.2,
      eliminateToGuess: 0,
    });
  });

  it('IBPS +1/−0.25: break-even exactly 20%', () => {
    const advice = adviseMarking(MARKING_PRESETS.IBPS, { correct: 70, wrong: 13, skipped: 17 });
    expect(advice).toEqual({
      marksLostToWrong: 3.25,
      marksLeftOnTable: 17,
      breakEvenProbability: 0.2,
      eliminateToGuess: 0,
    });
  });

  it('with a heavy penalty the advice is to rule choices out first, or never guess', () => {
    expect(breakEvenProbability({ correct: 1, wrong: 0.5 })).toBeCloseTo(1 / 3, 12);
    expect(choicesToEliminate({ correct: 1, wrong: 0.5 }, 4)).toBe(2); // 1/2 > 1/3, 1/3 is not
    expect(choicesToEliminate({ correct: 1, wrong: 1 }, 4)).toBeNull(); // even 50:50 only breaks even
  });

  it('without negative marking every guess pays and nothing is lost to wrong answers', () => {
    const advice = adviseMarking({ correct: 1, wrong: 0 }, { correct: 3, wrong: 4, skipped: 3 });
    expect(advice).toEqual({
      marksLostToWrong: 0,
      marksLeftOnTable: 3,
      breakEvenProbability: 0,
      eliminateToGuess: 0,
    });
  });
});
