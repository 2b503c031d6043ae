import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, otpauthUri, totpStep, verifyTotp } from './totp';

// RFC 6238 Appendix B: the SHA-1 seed is "12345678901234567890", 8 digits, T0 = 0, X = 30.
const SEED = Buffer.from('12345678901234567890', 'ascii');
const RFC6238_SHA1: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];
// RFC 4226 Appendix D: HOTP of the same seed, 6 digits, counters 0..9
const RFC4226 = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];

describe('TOTP', () => {
  it.each(RFC6238_SHA1)('RFC 6238 vector at T=%i is %s', (t, code) => {
    expect(hotp(SEED, totpStep(t), 8)).toBe(code);
  });

  it.each(RFC4226.map((c, i) => [i, c] as const))('RFC 4226 HOTP counter %i is %s', (counter, code) => {
    expect(hotp(SEED, counter)).toBe(code);
  });

  it('base32 round-trips (RFC 4648 vector)', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    expect(base32Decode(base32Encode(SEED))).toEqual(SEED);
  });

  const secret = base32Encode(SEED);
  const t = 1111111111;
  const code = (at: number) => hotp(SEED, totpStep(at));
  it.each([
    ['now', t, true],
    ['one step early', t - 30, true],
    ['one step late', t + 30, true],
    ['two steps off', t - 60, false],
    ['two steps ahead', t + 60, false],
  ] as const)('accepts a code %s: %s', (_, at, ok) => {
    expect(verifyTotp(secret, code(at), t) !== null).toBe(ok);
  });

  it('refuses a code of a step already used, and malformed codes', () => {
    const step = verifyTotp(secret, code(t), t)!;
    expect(step).toBe(totpStep(t));
    expect(verifyTotp(secret, code(t), t, step)).toBeNull();
    expect(verifyTotp(secret, '12345', t)).toBeNull();
    expect(verifyTotp(secret, 'abcdef', t)).toBeNull();
  });

  it('makes an otpauth URI an authenticator reads', () => {
    const uri = otpauthUri('流量卡运营后台', 'admin', 'JBSWY3DPEHPK3PXP');
    expect(uri).toMatch(/^otpauth:\/\/totp\/.+\?secret=JBSWY3DPEHPK3PXP&issuer=.+&algorithm=SHA1&digits=6&period=30$/);
  });
});
