// The gateway's side of the protocol, for tests that play WeChat Pay byte for byte without a
// network: answers and notifications signed with a platform key the test generated, resources
// encrypted with the APIv3 key — exactly what the adapter must accept, and the starting point of
// every tampered variant it must refuse.
import { randomBytes, type KeyObject } from 'node:crypto';
import { encryptResource, responseMessage, rsaSign } from './sign';
import type { WechatTransaction } from './client';

export function platformHeaders(
  platformKey: KeyObject,
  serial: string,
  body: string,
  o: { timestamp: string; nonce?: string },
): Record<string, string> {
  const nonce = o.nonce ?? randomBytes(16).toString('hex');
  return {
    'wechatpay-timestamp': o.timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': rsaSign(responseMessage(o.timestamp, nonce, body), platformKey),
    'wechatpay-serial': serial,
    'content-type': 'application/json',
  };
}

/** A TRANSACTION.SUCCESS notification body as the gateway documents it, its resource encrypted. */
export function paymentNotificationBody(t: WechatTransaction, apiV3Key: string, o: { id?: string; nonce?: string } = {}): string {
  const nonce = o.nonce ?? randomBytes(6).toString('hex');
  const associated = 'transaction';
  return JSON.stringify({
    id: o.id ?? `EV-${randomBytes(8).toString('hex')}`,
    create_time: '2026-11-24T10:00:00+08:00',
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: {
      original_type: 'transaction',
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: encryptResource(JSON.stringify(t), apiV3Key, nonce, associated),
      associated_data: associated,
      nonce,
    },
  });
}
