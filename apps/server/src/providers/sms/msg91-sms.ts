import type { OtpMessage, SmsProvider } from './sms-provider';
import { SmsSendError } from './sms-provider';

export interface Msg91Options {
  authKey: string;
  templateId: string;
  /** https://control.msg91.com in production; tests point it at a local server playing the gateway. */
  baseUrl: string;
  timeoutMs: number;
}

/**
 * MSG91 Flow API: POST {baseUrl}/api/v5/flow with the `authkey` header and
 * `{ template_id, short_url, recipients: [{ mobiles: "91XXXXXXXXXX", otp }] }`.
 * The DLT-approved template carries the code as ##otp##. MSG91 answers `{ type: "success" | "error", message }`.
 */
export class Msg91Sms implements SmsProvider {
  readonly name = 'msg91' as const;

  constructor(private readonly options: Msg91Options) {}

  async sendOtp({ phNo, code }: OtpMessage): Promise<void> {
    const url = new URL('/api/v5/flow', this.options.baseUrl);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          authkey: this.options.authKey,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({
          template_id: this.options.templateId,
          short_url: '0',
          recipients: [{ mobiles: `91${phNo}`, otp: code }],
        }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (err) {
      throw new SmsSendError('MSG91 request failed', { cause: err });
    }
    const text = await response.text().catch(() => '');
    let body: { type?: string; message?: string } = {};
    try {
      body = text ? (JSON.parse(text) as typeof body) : {};
    } catch {
      /* not JSON: judged by status below */
    }
    if (!response.ok || body.type !== 'success') {
      throw new SmsSendError(
        `MSG91 refused the message (HTTP ${response.status}${body.message ? `: ${body.message}` : ''})`,
      );
    }
  }
}
