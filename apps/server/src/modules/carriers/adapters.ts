// The adapter of each account, built from its row (fields unsealed here, nowhere else) and kept
// until the row changes. The sync engine's limits for an account are the platform's, or the
// operator's lower figure (carrier_accounts.calls_per_second).
import type { CarrierAdapter } from '../../integrations/carrier/adapter';
import { carrierKind } from '../../integrations/carrier/kinds';
import type { HttpTransport } from '../../integrations/http/transport';
import type { PersonalDataSealer } from '../../lib/personalData';
import type { GuardedAccount } from './guard';
import type { CarrierAccount } from './repo';

export class AccountAdapters {
  private readonly built = new Map<number, { stamp: string; adapter: CarrierAdapter }>();

  constructor(
    private readonly sealer: PersonalDataSealer,
    private readonly transport: HttpTransport,
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
    const stamp = `${account.updated_at}|${account.carrier}`;
    const hit = this.built.get(account.id);
    if (hit && hit.stamp === stamp) return hit.adapter;
    const kind = carrierKind(account.carrier);
    if (!kind) throw new Error(`carrier account ${account.name}: no platform kind ${account.carrier}`);
    const adapter = kind.create(
      { name: account.name, baseUrl: account.base_url || kind.defaultBaseUrl, credentials: this.credentialsOf(account) },
      this.transport,
    );
    this.built.set(account.id, { stamp, adapter });
    return adapter;
  }

  guarded(account: CarrierAccount): GuardedAccount {
    const limits = this.adapterOf(account).limits;
    const own = account.calls_per_second;
    return {
      id: account.id,
      name: account.name,
      callsPerSecond: own > 0 ? Math.min(own, limits.callsPerSecond) : limits.callsPerSecond,
      concurrency: limits.concurrency,
    };
  }
}
