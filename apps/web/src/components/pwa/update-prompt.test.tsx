import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Suspense, use } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { registerSW } from 'virtual:pwa-register';
import { UpdatePrompt } from './update-prompt';

type Options = NonNullable<Parameters<typeof registerSW>[0]>;
const registrations: Options[] = [];
const update = vi.fn(() => Promise.resolve());
vi.mock('virtual:pwa-register', () => ({
  registerSW: (options: Options) => {
    registrations.push(options);
    return update;
  },
}));

afterEach(cleanup);

let release: () => void = () => undefined;
const pending = new Promise<void>((resolve) => (release = resolve));
/** A sibling whose first render suspends: React throws away the whole first render of the tree. */
function SlowSibling() {
  use(pending);
  return null;
}

describe('UpdatePrompt (issue 30, defect 1)', () => {
  it('registers the worker once mounted, so a worker that becomes ready never updates a component that never mounted', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      render(
        <Suspense fallback={null}>
          <SlowSibling />
          <UpdatePrompt pathname="/quizzes" />
        </Suspense>,
      );
    });
    // The worker finishes its first install (and then finds a new version) while the render that
    // created the prompt is still suspended: nothing was registered from that render.
    await act(async () => {
      for (const options of registrations) {
        options.onOfflineReady?.();
        options.onNeedRefresh?.();
      }
    });
    expect(registrations).toHaveLength(0);
    await act(async () => release());
    await waitFor(() => expect(registrations).toHaveLength(1));
    act(() => registrations[0]!.onNeedRefresh?.());
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();

    expect(await screen.findByRole('status')).toBeTruthy();
    act(() => screen.getByRole('button').click());
    expect(update).toHaveBeenCalledWith(true);
  });

  it('stays hidden during an attempt, and a second prompt does not register the worker again', () => {
    render(<UpdatePrompt pathname="/quizzes/attend" />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(registrations).toHaveLength(1);
  });
});
