// The SMS provider's settings (docs/decisions/0021), as config.ts composes them.

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
