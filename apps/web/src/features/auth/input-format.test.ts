import { describe, expect, it } from 'vitest';
import { digitsOnly, pastedOtp } from './input-format';

describe('pastedOtp', () => {
  it('accepts a paste with exactly 6 digits after stripping non-digits', () => {
    expect(pastedOtp('123456')).toBe('123456');
    expect(pastedOtp('Your OTP: 12-34 56.')).toBe('123456');
  });
  it('rejects any other count of digits', () => {
    expect(pastedOtp('12345')).toBeNull();
    expect(pastedOtp('1234567')).toBeNull();
    expect(pastedOtp('code 123456, ref 9')).toBeNull();
    expect(pastedOtp('')).toBeNull();
  });
});

describe('digitsOnly', () => {
  it('keeps the digits of a typed or pasted number', () => {
    expect(digitsOnly('98765 43210')).toBe('9876543210');
    expect(digitsOnly('abc')).toBe('');
  });
});
