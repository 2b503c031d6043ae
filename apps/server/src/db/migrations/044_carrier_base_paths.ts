import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';

// One meaning of carrier_accounts.base_url (docs/decisions/0060): the platform's documented base,
// path included, for every kind. OneLink's addresses already held /v5 and CTWing's are a host; a
// Unicom CMP address was the host (the client added /api) and a Jasper one the host (the client
// added /rws/api/v1): those get the path they meant. An address that already ends with it was
// written in the documented form (a CMP one called /api/api/… and failed): it is kept as it is,
// and now works. '' (the kind's default) stays ''.
// Jasper's own CMP address is sealed with the account's fields, out of SQL's reach: the adapter
// reads a host alone there as that host's /api (integrations/carrier/unicomJasper/adapter.ts).
const ADDED: readonly [carrier: string, path: string][] = [
  ['unicom_cmp', '/api'],
  ['unicom_jasper', '/rws/api/v1'],
];

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  for (const [carrier, path] of ADDED) {
    const rows = await db.selectFrom('carrier_accounts').select(['id', 'base_url']).where('carrier', '=', carrier).execute();
    for (const row of rows as { id: number; base_url: string }[]) {
      const url = row.base_url.replace(/\/+$/, '');
      if (url === '' || url.endsWith(path)) continue;
      await db
        .updateTable('carrier_accounts')
        .set({ base_url: `${url}${path}` })
        .where('id', '=', row.id)
        .execute();
    }
  }
}
