import { describe, expect, it } from 'vitest';
import { textArrayLiteral } from './raw-rows';

describe('textArrayLiteral', () => {
  it('quotes every element, so commas, braces, quotes and backslashes stay inside it', () => {
    expect(textArrayLiteral(['Modern History', 'a,b', '{x}', 'say "hi"', 'back\\slash', ''])).toBe(
      '{"Modern History","a,b","{x}","say \\"hi\\"","back\\\\slash",""}',
    );
    expect(textArrayLiteral([])).toBe('{}');
  });
});
