import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UserMenu } from './user-menu';

afterEach(() => cleanup());

// The dropdown's code is a lazy chunk whose first import takes seconds in a test run: imported once
// here, React.lazy still suspends on its first render (the stand-in button shows) and resolves right
// after. (Once resolved it renders at once, so only one test can see the stand-in.)
beforeAll(async () => {
  await import('./user-menu-dropdown');
});

describe('UserMenu', () => {
  it('a tap whose pointerdown lands on the stand-in, before the menu has loaded, opens the menu', async () => {
    const router = createMemoryRouter([
      { path: '/', element: <UserMenu user={null} onLogout={() => undefined} /> },
    ]);
    render(<RouterProvider router={router} />);
    const early = screen.getByRole('button', { name: /User menu/ });
    // The stand-in (Radix's trigger, which replaces it, has an id). Radix's trigger opens on
    // pointerdown and ignores the click that follows; a tap's click that lands on it after the swap
    // must not be the only thing that could have opened the menu.
    expect(early.id).toBe('');
    expect(early.getAttribute('aria-expanded')).toBe('false');
    // jsdom has no PointerEvent; React reads `button` from whatever event it is handed.
    act(() => {
      early.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true, button: 0 }));
    });
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeTruthy();
  });
});
