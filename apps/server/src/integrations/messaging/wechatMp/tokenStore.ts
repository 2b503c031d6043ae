// The official account's access token kept in the database, so every server process shares one:
// the platform hands out a token per AppID, and a process that asked again for each send would
// spend the daily quota (docs/decisions/0038-alerts-in-the-messaging-app.md). This file alone
// writes messaging_app_tokens.
import type { Executor } from '../../../db/executor';

export interface StoredToken {
  token: string;
  /** epoch ms */
  expiresAt: number;
}

export interface TokenStore {
  read(appid: string): Promise<StoredToken | null>;
  write(appid: string, t: StoredToken, nowMs: number): Promise<void>;
}

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
}
