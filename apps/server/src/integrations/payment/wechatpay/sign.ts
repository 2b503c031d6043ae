// WeChat Pay API v3 signatures, as the gateway publishes them (pay.weixin.qq.com, "签名生成",
// "签名验证", "证书和回调报文解密"). Pure functions over node:crypto: no I/O, no clock.
//   request:   SHA256-RSA over "METHOD\nURL\nTIMESTAMP\nNONCE\nBODY\n" with the merchant's private key,
//              sent as `Authorization: WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",signature="…",timestamp="…",serial_no="…"`
//   answers and notifications: SHA256-RSA over "TIMESTAMP\nNONCE\nBODY\n" with the platform key
//              (headers Wechatpay-Timestamp / -Nonce / -Signature / -Serial)
//   notification resource: AEAD_AES_256_GCM with the APIv3 key, its nonce and associated_data
import { createCipheriv, createDecipheriv, createSign, createVerify, type KeyObject } from 'node:crypto';

export const AUTH_SCHEME = 'WECHATPAY2-SHA256-RSA2048';

/** The request's string to sign; `url` is the path with its query, without scheme and host. */
export function requestMessage(method: string, url: string, timestamp: string, nonce: string, body: string): string {
  return `${method}\n${url}\n${timestamp}\n${nonce}\n${body}\n`;
}

/** The string an answer's or a notification's signature covers. */
export function responseMessage(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

export function rsaSign(message: string, privateKey: KeyObject): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

export function rsaVerify(message: string, signature: string, publicKey: KeyObject): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

export interface Credentials {
  mchid: string;
  /** the merchant API certificate's serial number */
  serialNo: string;
  privateKey: KeyObject;
}

/** The Authorization header of one request. */
export function authorization(
  c: Credentials,
  req: { method: string; url: string; body: string; timestamp: string; nonce: string },
): string {
  const signature = rsaSign(requestMessage(req.method, req.url, req.timestamp, req.nonce, req.body), c.privateKey);
  return `${AUTH_SCHEME} mchid="${c.mchid}",nonce_str="${req.nonce}",signature="${signature}",timestamp="${req.timestamp}",serial_no="${c.serialNo}"`;
}

/** An encrypted notification resource (resource.algorithm AEAD_AES_256_GCM). */
export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  nonce: string;
  associated_data?: string;
  original_type?: string;
}

const TAG_BYTES = 16;

/** Decrypts a resource with the APIv3 key; null when it does not authenticate (wrong key, tampered). */
export function decryptResource(r: EncryptedResource, apiV3Key: string): string | null {
  if (r.algorithm !== 'AEAD_AES_256_GCM' || Buffer.byteLength(apiV3Key) !== 32) return null;
  const data = Buffer.from(r.ciphertext, 'base64');
  if (data.length <= TAG_BYTES) return null;
  try {
    const d = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(r.nonce, 'utf8'));
    d.setAAD(Buffer.from(r.associated_data ?? '', 'utf8'));
    d.setAuthTag(data.subarray(data.length - TAG_BYTES));
    return Buffer.concat([d.update(data.subarray(0, data.length - TAG_BYTES)), d.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** The gateway's side of decryptResource (tests build notifications with it). */
export function encryptResource(plaintext: string, apiV3Key: string, nonce: string, associatedData: string): string {
  const c = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  c.setAAD(Buffer.from(associatedData, 'utf8'));
  const out = Buffer.concat([c.update(plaintext, 'utf8'), c.final(), c.getAuthTag()]);
  return out.toString('base64');
}

/**
 * The parameters the page inside the messaging app passes to WeixinJSBridge getBrandWCPayRequest
 * (JSAPI 调起支付): paySign is SHA256-RSA over "appId\ntimeStamp\nnonceStr\npackage\n".
 */
export function jsapiPayParams(
  appId: string,
  prepayId: string,
  privateKey: KeyObject,
  timeStamp: string,
  nonceStr: string,
): { appId: string; timeStamp: string; nonceStr: string; package: string; signType: 'RSA'; paySign: string } {
  const pkg = `prepay_id=${prepayId}`;
  return {
    appId,
    timeStamp,
    nonceStr,
    package: pkg,
    signType: 'RSA',
    paySign: rsaSign(`${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`, privateKey),
  };
}
