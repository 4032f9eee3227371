import type { FastifyBaseLogger } from 'fastify';
import type { DevOutboxEntry } from '@quizcast/contract/schemas/auth';
import type { Clock } from '../../lib/clock';
import type { OtpMessage, SmsProvider } from './sms-provider';

/**
 * Development SMS: logs the code and keeps the latest one per phone for the dev outbox
 * (GET /api/dev/outbox?phNo=). Production refuses this provider at start.
 */
export class ConsoleSms implements SmsProvider {
  readonly name = 'console' as const;
  private readonly outbox = new Map<string, DevOutboxEntry>();
  private static readonly MAX_ENTRIES = 10_000;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly clock: Clock,
  ) {}

  async sendOtp({ phNo, code, purpose, validForMinutes }: OtpMessage): Promise<void> {
    this.log.info(
      { phNo, purpose },
      `[console SMS] OTP for ${phNo} (${purpose}): ${code} (valid ${validForMinutes} min)`,
    );
    this.outbox.delete(phNo);
    if (this.outbox.size >= ConsoleSms.MAX_ENTRIES) {
      const oldest = this.outbox.keys().next().value;
      if (oldest !== undefined) this.outbox.delete(oldest);
    }
    this.outbox.set(phNo, { phNo, otp: code, purpose, sentAt: this.clock.now().toISOString() });
  }

  /** The latest code sent to this number, if any. */
  latest(phNo: string): DevOutboxEntry | undefined {
    return this.outbox.get(phNo);
  }
}
