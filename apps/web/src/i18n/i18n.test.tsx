import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@quizcast/contract/constants';
import { STUDENT_MESSAGES } from '@quizcast/contract/schemas/student';
import { landingCatalog } from '../features/landing/messages/catalog';
import { i18n, setLanguage, startLanguage } from './i18n';
import { richText, useServerMessage, useT } from './use-t';

afterEach(async () => {
  cleanup();
  await setLanguage('en');
  window.localStorage.clear();
});

function Podium({ count }: { count: number }) {
  const t = useT(landingCatalog);
  const m = useServerMessage();
  return (
    <>
      <p data-testid="label">{t('landing.latest.podium', { count })}</p>
      <p data-testid="headline">{richText(t('landing.hero.headline'), { 0: <em data-testid="accent" /> })}</p>
      <p data-testid="validation">{m(STUDENT_MESSAGES.nameRequired)}</p>
    </>
  );
}

describe('i18n', () => {
  it('speaks English by default, with ICU plurals and the spec’s English untouched', () => {
    render(<Podium count={3} />);
    expect(screen.getByTestId('label').textContent).toBe('Top 3 participants');
    expect(screen.getByTestId('headline').textContent).toBe('Master Every Quiz With Confidence');
    expect(screen.getByTestId('accent').textContent).toBe('Confidence');
    expect(screen.getByTestId('validation').textContent).toBe('Name is required');
    cleanup();
    render(<Podium count={1} />);
    expect(screen.getByTestId('label').textContent).toBe('Top participant');
  });

  it('switches to Hindi: loads the Hindi, sets <html lang>, keeps the choice, re-renders', async () => {
    render(<Podium count={3} />);
    await setLanguage('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('hi');
    expect(await screen.findByText('टॉप 3 प्रतिभागी')).toBeTruthy();
    expect(screen.getByTestId('accent').textContent).toBe('पूरे आत्मविश्वास');
    expect(screen.getByTestId('headline').textContent).toBe('हर क्विज़ में महारत, पूरे आत्मविश्वास के साथ');
    expect(screen.getByTestId('validation').textContent).toBe('नाम डालना ज़रूरी है');
    expect(i18n.locale).toBe('hi');
  });

  it('starts in the language kept on the device', () => {
    window.localStorage.setItem(STORAGE_KEYS.language, 'hi');
    expect(startLanguage()).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
    window.localStorage.setItem(STORAGE_KEYS.language, 'klingon');
    expect(startLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });
});
