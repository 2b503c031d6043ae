// The carrier platforms the portal speaks (docs/decisions/0030). An account names its kind; the
// console's form and CARRIER_ACCOUNTS_FILE take the kind's fields. Account 1 is the simulator
// (./simulator.ts), which is not a kind one can add: it lives in the portal's own database.
import type { CarrierKind } from './adapter';
import { ctwingKind } from './ctwing/adapter';
import { onelinkKind } from './onelink/adapter';
import { unicomCmpKind } from './unicomCmp/adapter';
import { unicomJasperKind } from './unicomJasper/adapter';

export const CARRIER_KINDS: readonly CarrierKind[] = [onelinkKind, unicomCmpKind, unicomJasperKind, ctwingKind];

export const SIMULATOR_KIND = 'simulator';
/** carrier_accounts row 1 (migration 025): the simulator, every card's account unless moved */
export const SIMULATOR_ACCOUNT_ID = 1;

export function carrierKind(kind: string): CarrierKind | undefined {
  return CARRIER_KINDS.find((k) => k.kind === kind);
}
