// The SMS provider's settings (docs/decisions/0021), as config.ts composes them.
import { z } from 'zod';
import type { ProviderNeeds } from '../../lib/envKinds';

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  codeTemplate: string;
  noticeTemplate: string;
}

export interface SmsSettings {
  /**
   * NODE_ENV=development: the SMS simulator prints each message (its code) plainly on the terminal,
   * where a newcomer sees it; never in production or a test run (docs/decisions/0066)
   */
  smsToTerminal: boolean;
  /** who sends SMS: the simulator that writes them to the log, or Alibaba Cloud SMS */
  smsProvider: 'log' | 'aliyun';
  /** Alibaba Cloud SMS; null unless SMS_PROVIDER=aliyun */
  aliyunSms: AliyunSmsConfig | null;
}

/** The SMS provider's variables (config.ts composes them into the one schema). */
export const SMS_ENV = z.object({
  SMS_PROVIDER: z.enum(['log', 'aliyun'], { error: 'must be log or aliyun' }).default('log'),
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().trim().min(1).optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().trim().min(1).optional(),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().trim().min(1).optional(),
  ALIYUN_SMS_TEMPLATE_NOTICE: z.string().trim().min(1).optional(),
});
type SmsEnv = z.output<typeof SMS_ENV>;

export const ALIYUN_SMS_NEEDS: ProviderNeeds<SmsEnv> = {
  when: (e) => e.SMS_PROVIDER === 'aliyun',
  choice: 'SMS_PROVIDER=aliyun',
  needs: [
    ['ALIYUN_SMS_ACCESS_KEY_ID', 'the AccessKey ID'],
    ['ALIYUN_SMS_ACCESS_KEY_SECRET', 'the AccessKey secret'],
    ['ALIYUN_SMS_SIGN_NAME', 'the approved sign name'],
    ['ALIYUN_SMS_TEMPLATE_CODE', 'the verification-code template (variable ${code})'],
    ['ALIYUN_SMS_TEMPLATE_NOTICE', 'the card-alert template (variables ${card}, ${title})'],
  ],
};

export function smsSettings(e: SmsEnv): Pick<SmsSettings, 'smsProvider' | 'aliyunSms'> {
  return {
    smsProvider: e.SMS_PROVIDER,
    aliyunSms:
      e.SMS_PROVIDER === 'aliyun'
        ? {
            accessKeyId: e.ALIYUN_SMS_ACCESS_KEY_ID!,
            accessKeySecret: e.ALIYUN_SMS_ACCESS_KEY_SECRET!,
            signName: e.ALIYUN_SMS_SIGN_NAME!,
            codeTemplate: e.ALIYUN_SMS_TEMPLATE_CODE!,
            noticeTemplate: e.ALIYUN_SMS_TEMPLATE_NOTICE!,
          }
        : null,
  };
}
