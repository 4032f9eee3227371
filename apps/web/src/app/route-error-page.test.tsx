import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../i18n/i18n';
import { RouteErrorPage } from './route-error-page';

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await setLanguage('en');
});

function Broken(): never {
  throw new TypeError("Cannot read properties of undefined (reading 'questions')");
}

describe('RouteErrorPage', () => {
  it('shows a plain message with Reload and Back to Quizzes, never the error or a stack trace', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteErrorPage /> }]);
    render(<RouterProvider router={router} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Sorry, this screen stopped working');
    expect(alert.textContent).not.toMatch(/Cannot read|TypeError|at \w+ \(/);
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Quizzes' }).getAttribute('href')).toBe('/quizzes');
    expect(document.body.textContent).not.toContain('Unexpected Application Error');
  });

  it('speaks Hindi when Hindi is chosen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await setLanguage('hi');
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteErrorPage /> }]);
    render(<RouterProvider router={router} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('माफ़ कीजिए, यह स्क्रीन ठीक से नहीं चल पाई');
    expect(screen.getByRole('button', { name: 'रीलोड करें' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'क्विज़ की सूची पर लौटें' }).getAttribute('href')).toBe('/quizzes');
  });

  it('is the error boundary of every route of the app', async () => {
    const { routes } = await import('./router');
    const missing = routes.filter((route) => !route.errorElement).map((route) => route.path ?? '(layout)');
    expect(missing).toEqual([]);
  });
});
