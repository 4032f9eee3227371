import { describe, expect, it } from 'vitest';
import { phoneSchema } from '../schemas/student';
import { isPhoneNumber } from './phone';

describe('isPhoneNumber (the login screen checks the phone without zod)', () => {
  it('agrees with phoneSchema', () => {
    for (const value of [
      '9876543210',
      ' 9876543210 ',
      '987654321',
      '98765432101',
      '98765x3210',
      '',
      '   ',
      '+919876543210',
    ]) {
      expect(isPhoneNumber(value), JSON.stringify(value)).toBe(phoneSchema.safeParse(value).success);
    }
  });
});
