import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv, type AppConfig } from '../../config';
import { createPaymentProvider } from './create-payment-provider';
import { deriveSecret } from './payment-provider';

const JWT = 'a-jwt-secret-that-is-long-enough-0123456789';
const config = (env: Record<string, string>): AppConfig => ({ ...parseEnv(env), jwtSecret: JWT });

function problems(env: Record<string, string>): string {
  try {
    parseEnv(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems.join('\n');
    throw err;
  }
  return '';
}

describe('payment provider config', () => {
  it('defaults to the fake provider, with secrets derived from the JWT secret and kept stable', () => {
    const provider = createPaymentProvider(config({}));
    expect(provider.name).toBe('fake');
    expect(provider.keyId).toMatch(/^rzp_test_/);
    expect(provider.keySecret).toBe(deriveSecret(JWT, 'fake-payment-key-secret'));
    expect(provider.webhookSecret).not.toBe(provider.keySecret);
    expect(provider.keySecret).not.toContain(JWT);
    expect(createPaymentProvider(config({})).keySecret).toBe(provider.keySecret);
  });

  it('needs both Razorpay keys for PAYMENT_PROVIDER=razorpay, in every environment', () => {
    const listed = problems({ PAYMENT_PROVIDER: 'razorpay' });
    expect(listed).toContain('RAZORPAY_KEY_ID is required when PAYMENT_PROVIDER=razorpay');
    expect(listed).toContain('RAZORPAY_KEY_SECRET is required when PAYMENT_PROVIDER=razorpay');
    expect(
      problems({ PAYMENT_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: 'key', RAZORPAY_KEY_SECRET: 'x' }),
    ).toContain('RAZORPAY_KEY_ID must look like rzp_test_');
    const provider = createPaymentProvider(
      config({
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_test_Abc123',
        RAZORPAY_KEY_SECRET: 'secret123',
      }),
    );
    expect(provider).toMatchObject({ name: 'razorpay', keyId: 'rzp_test_Abc123', webhookSecret: null });
  });

  it('refuses the fake provider and a missing webhook secret in production', () => {
    const base = { NODE_ENV: 'production', JWT_SECRET: JWT, SMS_PROVIDER: 'msg91' };
    expect(problems(base)).toContain('PAYMENT_PROVIDER=fake is a dev default');
    const razorpay = {
      ...base,
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_live_Abc',
      RAZORPAY_KEY_SECRET: 'secret123',
    };
    expect(problems(razorpay)).toContain('RAZORPAY_WEBHOOK_SECRET is required in production');
    expect(problems({ ...razorpay, RAZORPAY_WEBHOOK_SECRET: 'whsec_123456' })).not.toContain('RAZORPAY');
  });
});
