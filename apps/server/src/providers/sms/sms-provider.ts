import type { OtpPurpose } from '@quizcast/contract/schemas/auth';

export interface OtpMessage {
  /** 10-digit Indian mobile number, without the country code. */
  phNo: string;
  code: string;
  purpose: OtpPurpose;
  /** Minutes the code stays valid (for the message text). */
  validForMinutes: number;
}

/** Sends one-time codes by SMS. One file per implementation; chosen once from SMS_PROVIDER. */
export interface SmsProvider {
  readonly name: 'console' | 'msg91';
  /** Resolves once the gateway accepted the message; rejects on any failure. */
  sendOtp(message: OtpMessage): Promise<void>;
}

export class SmsSendError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SmsSendError';
  }
}
