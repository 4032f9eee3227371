import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { ACCOUNT_MESSAGES } from '@quizcast/contract/schemas/account';
import { AUTH_MESSAGES, type OtpPurpose } from '@quizcast/contract/schemas/auth';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Clock } from '../../lib/clock';
import { badGateway, badRequest, tooManyRequests } from '../../lib/http-error';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import { OtpRepository } from './otp.repository';
import type { Db } from '../../db/client';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 6 digits, uniformly from the OS CSPRNG. */
export function generateOtpCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** The HMAC key: OTP_SECRET, or one derived from the JWT secret (never the JWT secret itself). */
export function otpSecret(config: AppConfig): string {
  return (
    config.OTP_SECRET ?? createHmac('sha256', config.jwtSecret).update('quizcast/otp-hmac/v1').digest('hex')
  );
}

/**
 * One-time codes (ARCHITECTURE.md): CSPRNG, stored only as an HMAC bound to phone and purpose, expiring,
 * single use, a limited number of tries, a resend cooldown; compared in constant time.
 */
export class OtpService {
  private readonly repo: OtpRepository;
  private readonly secret: string;

  constructor(
    db: Db,
    private readonly config: AppConfig,
    private readonly sms: SmsProvider,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly drawCode: () => string = generateOtpCode,
  ) {
    this.repo = new OtpRepository(db);
    this.secret = otpSecret(config);
  }

  private hash(purpose: OtpPurpose, phNo: string, code: string): Buffer {
    return createHmac('sha256', this.secret).update(`${purpose}:${phNo}:${code}`).digest();
  }

  private cooldownRemainingSeconds(lastSentAt: Date | undefined, now: Date): number {
    if (!lastSentAt) return 0;
    const readyAt = lastSentAt.getTime() + this.config.OTP_RESEND_COOLDOWN_SECONDS * 1000;
    return Math.max(0, Math.ceil((readyAt - now.getTime()) / 1000));
  }

  /**
   * Send a new code. `beforeSend` runs after the cooldown check and before anything is stored
   * (the per-phone hourly quota). A gateway failure leaves no usable code behind (502).
   */
  async send(purpose: OtpPurpose, phNo: string, beforeSend?: () => Promise<void>): Promise<void> {
    const now = this.clock.now();
    const last = await this.repo.latestPendingForPhone(phNo);
    const wait = this.cooldownRemainingSeconds(last?.createdAt, now);
    if (wait > 0) throw tooManyRequests(AUTH_MESSAGES.resendCooldown(wait), wait);
    await this.refuseIfLockedOut(phNo, now);
    await beforeSend?.();

    const code = this.drawCode();
    const challenge = await this.repo.issue({
      phNo,
      purpose,
      codeHash: this.hash(purpose, phNo, code).toString('hex'),
      expiresAt: new Date(now.getTime() + this.config.OTP_TTL_SECONDS * 1000),
      now,
    });
    try {
      await this.sms.sendOtp({
        phNo,
        code,
        purpose,
        validForMinutes: Math.ceil(this.config.OTP_TTL_SECONDS / 60),
      });
    } catch (err) {
      await this.repo.discard(challenge.id);
      this.log.error({ err, provider: this.sms.name, purpose }, 'OTP SMS could not be sent');
      throw badGateway(AUTH_MESSAGES.sendFailed);
    }
  }

  /**
   * The per-phone cap on wrong codes across codes (OTP_WRONG_CODES_PER_DAY in 24 hours):
   * once reached, neither a new code nor any code (even the right one) is accepted until the
   * oldest counted failure is a day old. Counted in the database, so it holds across instances.
   */
  private async refuseIfLockedOut(phNo: string, now: Date): Promise<void> {
    const since = new Date(now.getTime() - DAY_MS);
    const { failures, oldest } = await this.repo.failuresSince(phNo, since);
    if (failures < this.config.OTP_WRONG_CODES_PER_DAY) return;
    const retryAfter = oldest ? (oldest.getTime() + DAY_MS - now.getTime()) / 1000 : DAY_MS / 1000;
    this.log.warn({ failures }, 'OTP lockout: too many wrong codes for one number');
    throw tooManyRequests(ACCOUNT_MESSAGES.otpLockedOut, retryAfter);
  }

  /** Accept the code once, or throw the reason (400 invalid/expired, 429 burned or locked out). */
  async verify(purpose: OtpPurpose, phNo: string, code: string): Promise<void> {
    const now = this.clock.now();
    await this.refuseIfLockedOut(phNo, now);
    const challenge = await this.repo.latestActive(phNo, purpose);
    if (!challenge) throw badRequest(AUTH_MESSAGES.invalidOtp);
    const burned = () =>
      tooManyRequests(
        AUTH_MESSAGES.tooManyAttempts,
        Math.max(1, this.cooldownRemainingSeconds(challenge.createdAt, now)),
      );
    if (challenge.failedAttempts >= this.config.OTP_MAX_ATTEMPTS) throw burned();
    if (challenge.expiresAt.getTime() <= now.getTime()) throw badRequest(AUTH_MESSAGES.expiredOtp);

    if (!(await this.repo.reserveAttempt(challenge.id, this.config.OTP_MAX_ATTEMPTS))) {
      // Lost a race: another request used the code or spent the last try.
      const again = await this.repo.latestActive(phNo, purpose);
      if (again?.id === challenge.id) throw burned();
      throw badRequest(AUTH_MESSAGES.invalidOtp);
    }

    const expected = Buffer.from(challenge.codeHash, 'hex');
    const given = this.hash(purpose, phNo, code);
    const matches = expected.length === given.length && timingSafeEqual(expected, given);
    if (!matches) throw badRequest(AUTH_MESSAGES.invalidOtp);
    if (!(await this.repo.consume(challenge.id, now))) throw badRequest(AUTH_MESSAGES.invalidOtp);
  }

  /** Sweeper housekeeping: codes older than a day can never verify. */
  async purgeOld(now: Date): Promise<number> {
    return this.repo.deleteOlderThan(new Date(now.getTime() - DAY_MS));
  }
}
