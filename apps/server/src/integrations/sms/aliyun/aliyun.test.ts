// Alibaba Cloud SMS: the RPC signature against the documented example (短信服务 "签名机制":
// AccessKeySecret testSecret, SignatureNonce 45e25e9b-…, Signature zJDF+Lrzhj/ThnlvIToysFRq6t4=),
// and the SendSms request the provider sends, byte for byte (no network).
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { HttpRequest, HttpResponse } from '../../http/transport';
import { AliyunSms, SmsSendError } from './provider';
import { canonicalQuery, percentEncode, signature, stringToSign } from './sign';

const documented = {
  AccessKeyId: 'testId',
  Action: 'SendSms',
  Format: 'XML',
  OutId: '123',
  PhoneNumbers: '15300000001',
  RegionId: 'cn-hangzhou',
  SignName: '阿里云短信测试专用',
  SignatureMethod: 'HMAC-SHA1',
  SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
  SignatureVersion: '1.0',
  TemplateCode: 'SMS_71390007',
  TemplateParam: '{"customer":"test"}',
  Timestamp: '2017-07-12T02:42:19Z',
  Version: '2017-05-25',
};

describe('POP RPC signature', () => {
  it('percentEncode: RFC 3986, space as %20, * as %2A, ~ kept', () => {
    expect(percentEncode("a b*c~d'!()+/=&")).toBe('a%20b%2Ac~d%27%21%28%29%2B%2F%3D%26');
    expect(percentEncode('阿')).toBe('%E9%98%BF');
  });
  it('the documented canonical query string', () => {
    expect(canonicalQuery(documented)).toBe(
      'AccessKeyId=testId&Action=SendSms&Format=XML&OutId=123&PhoneNumbers=15300000001&RegionId=cn-hangzhou' +
        '&SignName=%E9%98%BF%E9%87%8C%E4%BA%91%E7%9F%AD%E4%BF%A1%E6%B5%8B%E8%AF%95%E4%B8%93%E7%94%A8&SignatureMethod=HMAC-SHA1' +
        '&SignatureNonce=45e25e9b-0a6f-4070-8c85-2956eda1b466&SignatureVersion=1.0&TemplateCode=SMS_71390007' +
        '&TemplateParam=%7B%22customer%22%3A%22test%22%7D&Timestamp=2017-07-12T02%3A42%3A19Z&Version=2017-05-25',
    );
  });
  it('the documented string to sign and signature', () => {
    expect(stringToSign('GET', documented)).toBe(`GET&%2F&${percentEncode(canonicalQuery(documented))}`);
    expect(stringToSign('GET', documented).startsWith('GET&%2F&AccessKeyId%3DtestId%26Action%3DSendSms%26')).toBe(true);
    expect(signature('GET', documented, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
    // the Signature parameter itself is never signed
    expect(signature('GET', { ...documented, Signature: 'x' }, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
    expect(signature('GET', documented, 'otherSecret')).not.toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });
});

function provider(answer: HttpResponse, seen: HttpRequest[] = []) {
  return new AliyunSms({
    accessKeyId: 'LTAI5tTestKeyId',
    accessKeySecret: 'testSecret',
    signName: '流量卡服务',
    codeTemplate: 'SMS_100000001',
    noticeTemplate: 'SMS_100000002',
    transport: async (req) => {
      seen.push(req);
      return answer;
    },
    now: () => Date.UTC(2026, 10, 24, 2, 0, 0, 123),
    nonce: () => 'a7f3c2d1-0000-4000-8000-000000000001',
  });
}

describe('SendSms', () => {
  const ok: HttpResponse = {
    status: 200,
    headers: {},
    body: '{"Message":"OK","RequestId":"F655A8D5-B967-440B-8683-DAD6FF8DE990","Code":"OK","BizId":"900619746936498440^0"}',
  };

  it('posts the signed form: template by kind, variables as JSON, the signature over every other field', async () => {
    const seen: HttpRequest[] = [];
    await provider(ok, seen).send('13800138000', '【流量卡服务】验证码123456…', { kind: 'code', params: { code: '123456' } });
    const req = seen[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('https://dysmsapi.aliyuncs.com/');
    const p = Object.fromEntries(new URLSearchParams(req.body!));
    expect(p).toEqual({
      AccessKeyId: 'LTAI5tTestKeyId',
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: '13800138000',
      RegionId: 'cn-hangzhou',
      SignName: '流量卡服务',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: 'a7f3c2d1-0000-4000-8000-000000000001',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_100000001',
      TemplateParam: '{"code":"123456"}',
      Timestamp: '2026-11-24T02:00:00Z',
      Version: '2017-05-25',
      Signature: expect.any(String),
    });
    const { Signature, ...signed } = p;
    const expected = createHmac('sha1', 'testSecret&')
      .update(`POST&%2F&${percentEncode(canonicalQuery(signed))}`)
      .digest('base64');
    expect(Signature).toBe(expected);
    // the secret itself never travels
    expect(req.body).not.toContain('testSecret');
  });

  it('an alert goes through the notice template', async () => {
    const seen: HttpRequest[] = [];
    await provider(ok, seen).send('13800138000', '…', { kind: 'notice', params: { card: '0001', title: '流量即将用完' } });
    const p = Object.fromEntries(new URLSearchParams(seen[0]!.body!));
    expect(p.TemplateCode).toBe('SMS_100000002');
    expect(JSON.parse(p.TemplateParam!)).toEqual({ card: '0001', title: '流量即将用完' });
  });

  it("a refusal or a message without a template throws, naming the provider's code", async () => {
    const refused = provider({ status: 200, headers: {}, body: '{"Code":"isv.MOBILE_NUMBER_ILLEGAL","Message":"非法手机号"}' });
    await expect(refused.send('1', 'x', { kind: 'code', params: { code: '1' } })).rejects.toThrow(/isv\.MOBILE_NUMBER_ILLEGAL/);
    await expect(provider(ok).send('13800138000', 'free text')).rejects.toBeInstanceOf(SmsSendError);
  });
});
