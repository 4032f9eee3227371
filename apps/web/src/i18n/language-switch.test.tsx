import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@quizcast/contract/constants';
import { currentLanguage, setLanguage, startLanguage } from './i18n';
import { LanguageSwitch } from './language-switch';

afterEach(async () => {
  cleanup();
  await setLanguage('en');
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('the language switch before the code arrives (issue 30, defect 4)', () => {
  it('is a link in the prerendered page: a tap reloads the page with ?lang=hi', () => {
    const html = renderToString(<LanguageSwitch />);
    expect(html).toContain('href="?lang=hi"');
    expect(html).toContain('href="?lang=en"');
  });

  it('the page opened through that link starts in Hindi, keeps the choice, and drops ?lang from the address', () => {
    window.history.replaceState(null, '', '/login?redirect=%2Fquizzes&lang=hi');
    expect(startLanguage()).toBe('hi');
    expect(currentLanguage()).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('hi');
    expect(`${window.location.pathname}${window.location.search}`).toBe('/login?redirect=%2Fquizzes');
  });

  it('once the code runs, a tap switches in place (no reload) and shows the switch pressed', async () => {
    render(<LanguageSwitch />);
    const hindi = screen.getByRole('button', { name: 'हिन्दी' });
    act(() => hindi.click());
    await waitFor(() => expect(currentLanguage()).toBe('hi'));
    expect(window.location.search).toBe('');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'हिन्दी' }).getAttribute('aria-pressed')).toBe('true'),
    );
  });
});
