import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it("lets the caller's class win over the component's default", () => {
    expect(cn('px-5 py-2.5 text-sm font-semibold', 'px-6 text-base')).toBe(
      'py-2.5 font-semibold px-6 text-base',
    );
  });

  it('keeps classes that do not conflict and drops empty ones', () => {
    expect(cn('rounded-xl', false, undefined, 'shadow-sm')).toBe('rounded-xl shadow-sm');
  });
});
