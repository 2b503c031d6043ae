// Carrier accounts and the sync engine (docs/decisions/0030): every card's line belongs to one
// account on a carrier platform (account 1: the simulator); ctx.carrier routes each question to the
// card's account, and the round keeps the figures of real accounts' cards fresh.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { Db } from '../../db/connect';
import { CarrierSimulator } from '../../integrations/carrier/simulator';
import { heldTransport } from '../../integrations/http/heldTransport';
import type { HttpTransport } from '../../integrations/http/transport';
import { personalData } from '../../lib/personalData';
import type { DeclaredAccount } from './accountsFile';
import { AccountAdapters } from './adapters';
import { applyDeclaredAccounts } from './declared';
import { AccountsCarrierGateway } from './gateway';
import { CarrierGuard, type GuardOptions } from './guard';
import { syncRound } from './round';

export { loadDeclaredAccounts } from './declared';
export { CarrierAccountsAdmin, type AccountChange } from './accounts';
export { AccountsCarrierGateway } from './gateway';
export type { DeclaredAccount } from './accountsFile';
export type { GuardOptions } from './guard';
// the accounts, read (the console's card import and bulk jobs put cards on them)
export { accountById, accountByName, listAccounts, oldestSyncWanted, type CarrierAccount } from './repo';
export { fleetStates } from './fleet';

export const CARRIER_SYNC_JOB = 'carrier-sync';

export function createCarrierGateway(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
  transport: HttpTransport = heldTransport(config.carrierTimeoutMs),
  guardOptions: GuardOptions = {},
  /** false: a production deployment with real carriers only; a card left on the simulator account is refused */
  withSimulator = true,
): AccountsCarrierGateway {
  const guard = new CarrierGuard(db, log, guardOptions);
  return new AccountsCarrierGateway(
    db,
    withSimulator ? new CarrierSimulator(db) : null,
    new AccountAdapters(personalData(config), transport, (account) => guard.slot(account)),
    guard,
  );
}

export async function carriersRoutes(api: FastifyInstance, ctx: AppContext, declared: DeclaredAccount[]): Promise<void> {
  const gateway = ctx.carrier;
  if (!(gateway instanceof AccountsCarrierGateway)) return;
  await applyDeclaredAccounts(ctx.db, gateway.adapters, declared);
  const interval = Math.max(0, ctx.config.carrierSyncIntervalMs);
  // a run ends before the next tick; asked by hand (interval 0: tests, the bench) it may take 10 minutes
  const budget = interval > 0 ? Math.max(5_000, Math.floor(interval * 0.9)) : 10 * 60_000;
  api.jobs.add({ name: CARRIER_SYNC_JOB, intervalMs: interval, leaseMs: budget + 60_000, run: () => syncRound(ctx, gateway, budget) });
}
