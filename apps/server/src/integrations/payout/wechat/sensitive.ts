// WeChat Pay API v3's sensitive fields (敏感信息加密): RSA-OAEP (SHA-1, MGF1) under the platform's
// public key, base64; the request then names that key in Wechatpay-Serial. The payee's name of a
// transfer travels so. Pure over node:crypto.
import { constants, privateDecrypt, publicEncrypt, type KeyObject } from 'node:crypto';

export function encryptSensitive(plaintext: string, platformPublicKey: KeyObject): string {
  return publicEncrypt(
    { key: platformPublicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
    Buffer.from(plaintext, 'utf8'),
  ).toString('base64');
}

/** The gateway's side (the fake transfer server reads the name with it); null when it does not decrypt. */
export function decryptSensitive(ciphertext: string, platformPrivateKey: KeyObject): string | null {
  try {
    return privateDecrypt(
      { key: platformPrivateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
      Buffer.from(ciphertext, 'base64'),
    ).toString('utf8');
  } catch {
    return null;
  }
}
