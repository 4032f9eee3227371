import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Clock } from '../../lib/clock';
import { ConsoleSms } from './console-sms';
import { Msg91Sms } from './msg91-sms';
import type { SmsProvider } from './sms-provider';

/** The one place SMS_PROVIDER is read (config has already checked the keys each provider needs). */
export function createSmsProvider(config: AppConfig, log: FastifyBaseLogger, clock: Clock): SmsProvider {
  switch (config.SMS_PROVIDER) {
    case 'msg91':
      return new Msg91Sms({
        authKey: config.MSG91_AUTH_KEY!,
        templateId: config.MSG91_TEMPLATE_ID!,
        baseUrl: config.MSG91_BASE_URL,
        timeoutMs: config.SMS_TIMEOUT_MS,
      });
    case 'console':
      return new ConsoleSms(log, clock);
  }
}
