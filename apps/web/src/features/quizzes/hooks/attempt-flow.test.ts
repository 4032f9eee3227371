import { describe, expect, it } from 'vitest';
import { flowReducer } from './attempt-flow';

describe('flowReducer', () => {
  it('cannot start a submission while time-up is submitting, nor go back to running from time-up', () => {
    const timeUp = flowReducer({ phase: 'running' }, { type: 'time-up' });
    expect(timeUp).toEqual({ phase: 'time-up', outcome: { kind: 'submitting' } });
    expect(flowReducer(timeUp, { type: 'submit' })).toBe(timeUp);
    expect(flowReducer(timeUp, { type: 'submit-failed' })).toBe(timeUp);
    const submitting = flowReducer({ phase: 'running' }, { type: 'submit' });
    expect(flowReducer(submitting, { type: 'time-up' })).toBe(submitting);
    expect(flowReducer(submitting, { type: 'submit-failed' })).toEqual({ phase: 'running' });
  });
});
