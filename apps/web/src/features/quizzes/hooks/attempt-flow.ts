import type { TimeUpOutcome } from '../components/time-up-screen';

/** The attempt's flow: one of these at a time, so "submitting while auto-submitting" cannot happen. */
export type Flow =
  { phase: 'running' } | { phase: 'submitting' } | { phase: 'time-up'; outcome: TimeUpOutcome };
export type FlowEvent =
  | { type: 'submit' }
  | { type: 'submit-failed' }
  | { type: 'time-up' }
  | { type: 'time-up-outcome'; outcome: TimeUpOutcome };
export type FlowPhase = Flow['phase'];

export function flowReducer(flow: Flow, event: FlowEvent): Flow {
  switch (event.type) {
    case 'submit':
      return flow.phase === 'running' ? { phase: 'submitting' } : flow;
    case 'submit-failed':
      return flow.phase === 'submitting' ? { phase: 'running' } : flow;
    case 'time-up':
      return flow.phase === 'running' ? { phase: 'time-up', outcome: { kind: 'submitting' } } : flow;
    case 'time-up-outcome':
      return flow.phase === 'time-up' ? { phase: 'time-up', outcome: event.outcome } : flow;
  }
}
