import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { toast, Toaster } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
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
      <p data-testid="screen">{pathname}</p>
      <Toaster duration={60_000} />
    </>
  );
}
const router = createMemoryRouter([{ path: '*', element: <Shell /> }], { initialEntries: ['/login'] });

async function go(to: string) {
  await act(async () => {
    await router.navigate(to);
  });
  expect(screen.getByTestId('screen').textContent).toBe(to);
}

describe('toasts follow the screen (issue 30, defect 7)', () => {
  it('a toast from the login is gone two screens later; one announcing the new screen shows there', async () => {
    render(<RouterProvider router={router} />);
    act(() => void toast.success('OTP sent successfully'));
    expect(await screen.findByText('OTP sent successfully')).toBeTruthy();

    // Signed in: the login's action opened the quiz list, so its toast may still be read there.
    act(() => void toast.success('Signed in'));
    await go('/quizzes');
    expect(await screen.findByText('Signed in')).toBeTruthy();
    expect(screen.getByText('OTP sent successfully')).toBeTruthy();

    // The learner moves on: toasts raised before that last screen change go.
    await go('/profile');
    await waitFor(() => expect(screen.queryByText('OTP sent successfully')).toBeNull());
    expect(screen.queryByText('Signed in')).toBeNull();

    // A toast raised on the profile stays while the learner is there.
    act(() => void toast.success('Profile updated successfully'));
    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
  });
});
