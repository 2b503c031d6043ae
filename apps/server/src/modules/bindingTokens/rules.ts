// Pure rules of box binding tokens (table-tested in rules.test.ts): what a presented token is
// worth, and the link printed as the box's QR code.
import { createHash } from 'node:crypto';

/** Only this is stored: a leaked table binds no card. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type TokenVerdict = 'ok' | 'invalid' | 'used' | 'expired';

/**
 * A token presented with a card number. One that is unknown, or issued for another card, is
 * `invalid` (never said apart: a guess learns nothing); a known one is `used` once used, else
 * `expired` past its expiry.
 */
export function tokenVerdict(
  row: { card_id: number; used_at: string | null; expires_at: string } | undefined,
  cardId: number | undefined,
  nowIso: string,
): TokenVerdict {
  if (!row || cardId === undefined || row.card_id !== cardId) return 'invalid';
  if (row.used_at !== null) return 'used';
  if (row.expires_at <= nowIso) return 'expired';
  return 'ok';
}

/** The link on the box: the portal's /qr_code_login with the card number and the token. */
export function boxUrl(base: string, customNum: string, token: string, mark?: string): string {
  const u = new URL('/qr_code_login', base);
  u.searchParams.set('custom_num', customNum);
  u.searchParams.set('token', token);
  if (mark) u.searchParams.set('mark', mark);
  return u.toString();
}
