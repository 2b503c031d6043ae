// The official account's access token kept in the database, so every server process shares one:
// the platform hands out a token per AppID, and a process that asked again for each send would
// spend the daily quota (docs/decisions/0038-alerts-in-the-messaging-app.md). The JS-SDK's
// jsapi_ticket is kept the same way, under its own key (`jsapi_ticket:<AppID>`), with a short lease
// row (`refresh:<key>`) that lets one process at a time ask for a new one
// (docs/decisions/0049-wechat-js-sdk.md). This file alone writes messaging_app_tokens.
import type { Executor } from '../../../db/executor';

export interface StoredToken {
  token: string;
  /** epoch ms */
  expiresAt: number;
}

export interface TokenStore {
  read(appid: string): Promise<StoredToken | null>;
  write(appid: string, t: StoredToken, nowMs: number): Promise<void>;
  /** Take the refresh of `key` for `leaseMs` unless another process holds it: true when taken. */
  claimRefresh?(key: string, nowMs: number, leaseMs: number): Promise<boolean>;
  /** Give the refresh of `key` back (done, or failed: another may try at once). */
  releaseRefresh?(key: string, nowMs: number): Promise<void>;
}

/** The row key of a value other than the access token, e.g. the JS-SDK ticket. */
export const jsapiTicketKey = (appid: string) => `jsapi_ticket:${appid}`;
const leaseKey = (key: string) => `refresh:${key}`;

export class DbTokenStore implements TokenStore {
  constructor(private readonly db: Executor) {}

  async read(appid: string): Promise<StoredToken | null> {
    const row = await this.db
      .selectFrom('messaging_app_tokens')
      .select(['access_token', 'expires_at'])
      .where('appid', '=', appid)
      .executeTakeFirst();
    return row ? { token: row.access_token, expiresAt: Date.parse(row.expires_at) } : null;
  }

  async write(appid: string, t: StoredToken, nowMs: number): Promise<void> {
    const values = {
      access_token: t.token,
      expires_at: new Date(t.expiresAt).toISOString(),
      fetched_at: new Date(nowMs).toISOString(),
    };
    await this.db
      .insertInto('messaging_app_tokens')
      .values({ appid, ...values })
      .onConflict((oc) => oc.column('appid').doUpdateSet(values))
      .execute();
  }

  async claimRefresh(key: string, nowMs: number, leaseMs: number): Promise<boolean> {
    const now = new Date(nowMs).toISOString();
    const values = { access_token: '-', expires_at: new Date(nowMs + leaseMs).toISOString(), fetched_at: now };
    // one atomic upsert: a new lease row, or an expired one taken over; a live one is left alone
    const r = await this.db
      .insertInto('messaging_app_tokens')
      .values({ appid: leaseKey(key), ...values })
      .onConflict((oc) => oc.column('appid').doUpdateSet(values).where('messaging_app_tokens.expires_at', '<=', now))
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async releaseRefresh(key: string, nowMs: number): Promise<void> {
    await this.db
      .updateTable('messaging_app_tokens')
      .set({ expires_at: new Date(nowMs).toISOString() })
      .where('appid', '=', leaseKey(key))
      .execute();
  }
}
