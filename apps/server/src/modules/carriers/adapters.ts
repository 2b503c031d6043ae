// The adapter of each account, built from its row (fields unsealed here, nowhere else) and kept
// until the row changes. The sync engine's rate for an account is the one the carrier granted it
// (carrier_accounts.calls_per_second, set by the operator: higher after asking the carrier, lower
// to leave room for other systems on the same account), else the platform's published default.
import type { CarrierAdapter, PlatformLimits } from '../../integrations/carrier/adapter';
import { carrierKind } from '../../integrations/carrier/kinds';
import { isHeld } from '../../integrations/http/heldTransport';
import type { HttpTransport } from '../../integrations/http/transport';
import type { PersonalDataSealer } from '../../lib/personalData';
import type { GuardedAccount } from './guard';
import type { CarrierAccount } from './repo';

export class AccountAdapters {
  private readonly built = new Map<number, { stamp: string; adapter: CarrierAdapter }>();

  constructor(
    private readonly sealer: PersonalDataSealer,
    private readonly transport: HttpTransport,
    /** waits for a rate slot of the account before each request (CarrierGuard.slot) */
    private readonly slot: (account: GuardedAccount) => Promise<void> = async () => {},
  ) {}

  /** The account's fields, opened. */
  credentialsOf(account: Pick<CarrierAccount, 'credentials'>): Record<string, string> {
    if (!account.credentials) return {};
    return JSON.parse(this.sealer.open(account.credentials)) as Record<string, string>;
  }

  sealCredentials(credentials: Record<string, string>): string {
    return this.sealer.seal(JSON.stringify(credentials));
  }

  adapterOf(account: CarrierAccount): CarrierAdapter {
    const stamp = `${account.updated_at}|${account.carrier}|${account.calls_per_second}`;
    const hit = this.built.get(account.id);
    if (hit && hit.stamp === stamp) return hit.adapter;
    const kind = carrierKind(account.carrier);
    if (!kind) throw new Error(`carrier account ${account.name}: no platform kind ${account.carrier}`);
    // every request of this account's adapter waits for the account's rate slot first
    let limits: GuardedAccount | null = null;
    const slot = () => this.slot((limits ??= this.guarded(account)));
    const transport = this.transport;
    // a transport that holds the request until its connection is open waits for the slot there, so
    // the call leaves in the turn its moment comes (integrations/http/heldTransport.ts)
    const limited: HttpTransport = isHeld(transport)
      ? (req) => transport.held(req, slot)
      : async (req) => {
          await slot();
          return transport(req);
        };
    const adapter = kind.create(
      { name: account.name, baseUrl: account.base_url || kind.defaultBaseUrl, credentials: this.credentialsOf(account) },
      limited,
    );
    this.built.set(account.id, { stamp, adapter });
    return adapter;
  }

  guarded(account: CarrierAccount): GuardedAccount {
    const limits = this.adapterOf(account).limits;
    const own = account.calls_per_second;
    const rate = own > 0 ? own : limits.callsPerSecond;
    return {
      id: account.id,
      name: account.name,
      callsPerSecond: rate,
      // the platform's own longer windows, where it documents them: the operator's grant is per second
      ...(limits.callsPerMinute ? { callsPerMinute: limits.callsPerMinute } : {}),
      ...(limits.callsPerDay ? { callsPerDay: limits.callsPerDay } : {}),
      concurrency: inFlightAt(limits, rate),
    };
  }
}

/** Calls in flight at most, whatever the rate granted: the guard's slots, not this, keep the rate. */
const MAX_IN_FLIGHT = 16;

/**
 * Calls in flight for an account kept to `rate` calls a second: the platform's bound where it
 * documents one; else ours, which is set for the platform's default rate and grows in proportion
 * to a higher granted one (at 100 a second and ~20 ms a call, 2 in flight would make 100 only
 * with no time between calls).
 */
export function inFlightAt(limits: PlatformLimits, rate: number): number {
  if (limits.fixedConcurrency || rate <= limits.callsPerSecond) return limits.concurrency;
  return Math.min(MAX_IN_FLIGHT, Math.max(limits.concurrency, Math.ceil((limits.concurrency * rate) / limits.callsPerSecond)));
}
