// Scenarios of bench/run.mjs kept in files of their own, run only when named (`npm run bench -- <name>`):
// each is seeded by bench/fixture.ts seed <name>, runs its calls against the app (given the run's
// load(), the fixture and acknowledgement files), returns lines for the report's notes, and is
// verified by bench/fixture.ts verify. One line each.
import { drillCalls } from './drill-scenario.mjs';
import { herdSectionsCalls } from './herd-sections-scenario.mjs';
import { remindersCalls } from './reminders-scenario.mjs';

export const EXTRA_SCENARIOS = {
  drill: drillCalls,
  'herd-sections': herdSectionsCalls,
  reminders: remindersCalls,
};
