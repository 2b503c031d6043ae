// Alibaba Cloud SMS (dysmsapi SendSms, API version 2017-05-25) behind the SmsProvider interface.
// A message goes out through the template registered for its kind (verification code or card
// alert) under the registered sign name; the free text the simulator logs is not sent. The
// AccessKey secret signs each request and is never logged; the mobile is logged masked only.
import { randomUUID } from 'node:crypto';
import type { HttpTransport } from '../../http/transport';
import { TransportError } from '../../http/transport';
import type { SmsProvider, SmsTemplate } from '../provider';
import { percentEncode, signature } from './sign';

export const ALIYUN_SMS_ENDPOINT = 'https://dysmsapi.aliyuncs.com/';

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** template of a verification code: one variable, ${code} */
  codeTemplate: string;
  /** template of a card alert: ${card} (last four digits) and ${title} */
  noticeTemplate: string;
  transport: HttpTransport;
  endpoint?: string;
  now?: () => number;
  nonce?: () => string;
}

/** The provider refused or could not be reached; the message says which, never the credentials. */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

export class AliyunSms implements SmsProvider {
  constructor(private readonly o: AliyunSmsOptions) {}

  /** The signed query parameters of one SendSms call. */
  request(mobile: string, template: SmsTemplate): Record<string, string> {
    const now = this.o.now ?? Date.now;
    const params: Record<string, string> = {
      AccessKeyId: this.o.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: mobile,
      RegionId: 'cn-hangzhou',
      SignName: this.o.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: (this.o.nonce ?? randomUUID)(),
      SignatureVersion: '1.0',
      TemplateCode: template.kind === 'code' ? this.o.codeTemplate : this.o.noticeTemplate,
      TemplateParam: JSON.stringify(template.params),
      Timestamp: new Date(now()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    return { ...params, Signature: signature('POST', params, this.o.accessKeySecret) };
  }

  async send(mobile: string, _content: string, template?: SmsTemplate): Promise<void> {
    if (!template) throw new SmsSendError('阿里云短信只能按模板发送：调用方未给出短信模板', false);
    const params = this.request(mobile, template);
    const body = Object.entries(params)
      .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
      .join('&');
    let res;
    try {
      res = await this.o.transport({
        method: 'POST',
        url: this.o.endpoint ?? ALIYUN_SMS_ENDPOINT,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
      });
    } catch (err) {
      if (err instanceof TransportError) throw new SmsSendError('短信服务暂时无法连接', true);
      throw err;
    }
    let answer: { Code?: string; Message?: string } = {};
    try {
      answer = JSON.parse(res.body);
    } catch {
      // handled below
    }
    if (res.status === 200 && answer.Code === 'OK') return;
    const retryable = res.status >= 500 || answer.Code === 'isv.BUSINESS_LIMIT_CONTROL' || answer.Code === 'SignatureNonceUsed';
    throw new SmsSendError(
      `短信发送失败：${answer.Code ?? `HTTP ${res.status}`}${answer.Message ? `（${answer.Message}）` : ''}`,
      retryable,
    );
  }
}
