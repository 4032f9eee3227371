import { describe, expect, it } from 'vitest';
import { UNLOCK_PRICE_PAISE } from '../constants';
import { formatRupees, gstPaise, priceWithGstPaise } from './price';

describe('price with GST', () => {
  it('adds 18% GST: ₹10 → ₹11.80', () => {
    expect(priceWithGstPaise(UNLOCK_PRICE_PAISE)).toBe(1180);
    expect(gstPaise(1000)).toBe(180);
    expect(priceWithGstPaise(0)).toBe(0);
  });

  it('formats rupees', () => {
    expect(formatRupees(1000)).toBe('₹10');
    expect(formatRupees(1180)).toBe('₹11.80');
  });
});
