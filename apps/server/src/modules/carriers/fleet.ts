// The fleet of real carrier accounts at a glance (docs/decisions/0065): each account's state in the
// words of health.ts, for what watches the fleet from outside the console — the metrics' state
// gauge (Prometheus rules alert on 密钥被拒 and on a rested account) and the operators' alert in
// the messaging app (alerts.ts).
import type { CarrierHealthState } from '@portal/contract/admin';
import type { Executor } from '../../db/executor';
import { SIMULATOR_ACCOUNT_ID } from '../../integrations/carrier/kinds';
import { stateOf } from './health';
import * as repo from './repo';

export interface FleetState {
  account: repo.CarrierAccount;
  state: CarrierHealthState;
  detail: string;
  next_try_at: string | null;
}

/** Every real account (the simulator is not read by the sync engine) with its state at `now`. */
export async function fleetStates(db: Executor, now: Date): Promise<FleetState[]> {
  const accounts = (await repo.listAccounts(db)).filter((a) => a.id !== SIMULATOR_ACCOUNT_ID);
  return accounts.map((account) => ({ account, ...stateOf(account, now) }));
}
