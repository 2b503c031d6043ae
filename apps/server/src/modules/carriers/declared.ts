// Accounts declared in CARRIER_ACCOUNTS_FILE: read and checked before the database is opened
// (main.ts; a wrong entry stops the start with a message naming it), then written by name at
// start-up — an account declared in the file is the file's (source 'file'): the console shows it
// and may disable it, and the next start puts the file's fields back.
import { readFileSync } from 'node:fs';
import { ConfigError, type Config } from '../../config';
import type { Db } from '../../db/connect';
import { CARRIER_KINDS } from '../../integrations/carrier/kinds';
import { clock } from '../../lib/clock';
import { parseAccountsFile, type DeclaredAccount } from './accountsFile';
import type { AccountAdapters } from './adapters';
import * as repo from './repo';

export function loadDeclaredAccounts(config: Pick<Config, 'carrierAccountsFile'>): DeclaredAccount[] {
  const file = config.carrierAccountsFile;
  if (!file) return [];
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new ConfigError([`CARRIER_ACCOUNTS_FILE: cannot read ${file}`]);
  }
  const { accounts, problems } = parseAccountsFile(text, CARRIER_KINDS, (path) => readFileSync(path, 'utf8'));
  if (problems.length > 0) throw new ConfigError(problems.map((p) => `CARRIER_ACCOUNTS_FILE ${p}`));
  return accounts;
}

export async function applyDeclaredAccounts(db: Db, adapters: AccountAdapters, declared: DeclaredAccount[]): Promise<void> {
  for (const d of declared) {
    const fields = {
      name: d.name,
      carrier: d.carrier,
      base_url: d.baseUrl,
      credentials: adapters.sealCredentials(d.credentials),
      enabled: d.enabled ? 1 : 0,
      calls_per_second: d.callsPerSecond,
    };
    await db.kysely.transaction().execute(async (trx) => {
      const existing = await repo.accountByName(trx, d.name);
      if (existing) await repo.updateAccount(trx, existing.id, fields, clock.iso());
      else await repo.insertAccount(trx, { ...fields, source: 'file' }, clock.iso());
    });
  }
}
