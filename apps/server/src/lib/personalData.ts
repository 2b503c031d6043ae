// Personal data sealed at rest (docs/decisions/0005 "Never in full, never in logs"): the card
// holder's name, resident ID number and mobile, and the ID-card photos, are stored encrypted with
// AES-256-GCM under a key derived from PERSONAL_DATA_KEY. A copied database file or a leaked
// backup then holds no identity documents; the running server, which needs them for the carrier,
// opens them. GCM also authenticates: a tampered value fails to open instead of reading as data.
//
// Values written before sealing existed (a database from an earlier version) carry no prefix and
// are read as they are; they are sealed the next time they are saved.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const TEXT_PREFIX = 'pd1.';
const BYTES_MAGIC = Buffer.from('PD1\0');
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface PersonalDataSealer {
  seal(text: string): string;
  open(stored: string): string;
  sealBytes(bytes: Buffer): Buffer;
  openBytes(stored: Buffer): Buffer;
}

function encrypt(key: Buffer, plain: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function decrypt(key: Buffer, sealed: Buffer): Buffer {
  if (sealed.length < IV_BYTES + TAG_BYTES) throw new Error('sealed personal data is truncated');
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

export function createSealer(secret: string): PersonalDataSealer {
  // a fixed, purpose-bound derivation: the same secret always opens what it sealed
  const key = Buffer.from(hkdfSync('sha256', secret, 'sim-portal', 'personal data v1', 32));
  return {
    seal: (text) => TEXT_PREFIX + encrypt(key, Buffer.from(text, 'utf8')).toString('base64url'),
    open: (stored) =>
      stored.startsWith(TEXT_PREFIX) ? decrypt(key, Buffer.from(stored.slice(TEXT_PREFIX.length), 'base64url')).toString('utf8') : stored,
    sealBytes: (bytes) => Buffer.concat([BYTES_MAGIC, encrypt(key, bytes)]),
    openBytes: (stored) =>
      stored.subarray(0, BYTES_MAGIC.length).equals(BYTES_MAGIC) ? decrypt(key, stored.subarray(BYTES_MAGIC.length)) : stored,
  };
}

const sealers = new Map<string, PersonalDataSealer>();

/** The sealer for a configured secret (derived once per secret). */
export function personalData(config: { personalDataKey: string }): PersonalDataSealer {
  let s = sealers.get(config.personalDataKey);
  if (!s) {
    s = createSealer(config.personalDataKey);
    sealers.set(config.personalDataKey, s);
  }
  return s;
}
