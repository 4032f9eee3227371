import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { announceOn, ScreenNotice } from './screen-notice';
import { useToastsFollowScreen } from './toasts-follow-screen';

afterEach(() => {
  toast.dismiss();
  cleanup();
});

function Shell() {
  const { pathname } = useLocation();
  useToastsFollowScreen(pathname);
  return (
    <>
      <main>
        <ScreenNotice />
        <h1 data-testid="screen">{pathname}</h1>
      </main>
      <Toaster duration={60_000} />
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <Shell /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return async (to: string) => {
    await act(async () => {
      await router.navigate(to);
    });
    expect(screen.getByTestId('screen').textContent).toBe(to);
  };
}

const toastWith = (text: string) =>
  [...document.querySelectorAll('[data-sonner-toast]')].filter((t) => t.textContent?.includes(text));

describe('toasts go with their screen; what an action says about the next screen is in its flow (issue 30, defect 7)', () => {
  it('a toast from the login is gone once the screen changes', async () => {
    const go = renderAt('/login');
    act(() => void toast.success('OTP sent successfully'));
    expect(await screen.findByText('OTP sent successfully')).toBeTruthy();

    await go('/quizzes');
    await waitFor(() => expect(screen.queryByText('OTP sent successfully')).toBeNull());

    // A toast raised on the new screen stays while the learner is there.
    act(() => void toast.error('Failed to load'));
    expect(await screen.findByText('Failed to load')).toBeTruthy();
  });

  it('"User registered successfully" is the quiz list\'s notice, in the page above its heading, not a toast over it; it goes on the next screen', async () => {
    const go = renderAt('/register');
    announceOn('/quizzes?exam=UPSC', 'User registered successfully');
    // Not on the screen the action was taken on.
    expect(screen.queryByText('User registered successfully')).toBeNull();

    await go('/quizzes');
    const main = screen.getByRole('main');
    const status = within(main).getByRole('status');
    expect(status.textContent).toBe('User registered successfully');
    // First in the page's flow, before the heading: nothing is laid over the screen.
    expect(main.firstElementChild?.contains(status)).toBe(true);
    expect(toastWith('User registered successfully')).toEqual([]);

    await go('/profile');
    expect(screen.queryByText('User registered successfully')).toBeNull();
    // Back on the quiz list, it is not said again.
    await go('/quizzes');
    expect(screen.queryByText('User registered successfully')).toBeNull();
  });

  it('the learner can close a notice', async () => {
    const go = renderAt('/profile/edit');
    announceOn('/profile', 'Profile updated successfully');
    await go('/profile');
    expect(screen.getByRole('status').textContent).toBe('Profile updated successfully');
    fireEvent.click(screen.getByRole('button', { name: 'Close message' }));
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
