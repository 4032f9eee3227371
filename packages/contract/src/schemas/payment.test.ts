import { describe, expect, it } from 'vitest';
import { priceWithGstPaise } from '../domain/price';
import { createOrderBodySchema, paiseToRupees, rupeesToPaise } from './payment';

describe('payment amounts', () => {
  it("the spec's ₹10 + 18% GST is sent as 11.8 rupees and means 1180 paise", () => {
    const paise = priceWithGstPaise(1000);
    expect(paise).toBe(1180);
    expect(paiseToRupees(paise)).toBe(11.8);
    expect(rupeesToPaise(11.8)).toBe(1180);
    expect(rupeesToPaise(11.8)).toBe(1180);
  });

  it('never rounds a figure with more than two decimals into a match', () => {
    expect(rupeesToPaise(11.801)).toBeNull();
    expect(rupeesToPaise(11.7999)).toBeNull();
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    for (let paise = 1; paise < 5000; paise += 7) expect(rupeesToPaise(paise / 100)).toBe(paise);
  });

  it('create-order accepts the spec payload and lists every problem otherwise', () => {
    expect(
      createOrderBodySchema.safeParse({
        amount: 11.8,
        currency: 'INR',
        userId: 'u1',
        email: null,
        contact: '9876543210',
        description: 'Unlock quiz',
        quizId: '11111111-1111-4111-8111-111111111111',
      }).success,
    ).toBe(true);
    const bad = createOrderBodySchema.safeParse({ amount: -1, quizId: 'x' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.message)).toEqual([
      'amount must be a number of rupees',
      'currency is required',
      'quizId must be a quiz id',
    ]);
  });
});
