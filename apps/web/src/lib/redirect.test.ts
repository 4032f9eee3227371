import { describe, expect, it } from 'vitest';
import { safeRedirect, withRedirect } from './redirect';

describe('safeRedirect', () => {
  it('keeps paths inside the app', () => {
    expect(safeRedirect('/profile')).toBe('/profile');
    expect(safeRedirect('/quizzes/summary/abc?tab=questions')).toBe('/quizzes/summary/abc?tab=questions');
  });

  it('refuses other origins, protocol-relative and backslash tricks, and the auth pages', () => {
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'profile',
      '/login',
      '/register?x=1',
      '',
      null,
      undefined,
    ]) {
      expect(safeRedirect(bad)).toBeNull();
    }
  });

  it('builds the page URL with the encoded target', () => {
    expect(withRedirect('/login', '/profile/edit')).toBe('/login?redirect=%2Fprofile%2Fedit');
    expect(withRedirect('/register', '//evil')).toBe('/register');
  });
});
