// 运营商账号 in the console (docs/decisions/0030): the platform administrator lists the carrier accounts with
// their health, adds, edits, disables and enables them, and tests the connection. The rules and
// the table are the carriers module's (CarrierAccountsAdmin); here each change and its audit row
// (before/after without any secret: the names of the secrets that changed) share one transaction.
import type { FastifyInstance } from 'fastify';
import type { AuditAction } from '@portal/contract/admin';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/executor';
import { CarrierAccountsAdmin, type AccountChange } from '../../carriers';
import type { AdminActor } from '../access/actor';
import { serve } from '../../../lib/endpoint';
import { recordAudit } from '../audit';

export async function carrierAccountRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const accounts = new CarrierAccountsAdmin(ctx);

  /** The change and its audit row together, then the account as the list shows it. */
  const audited = async (
    op: AdminActor,
    action: (c: AccountChange) => AuditAction,
    reason: string,
    change: (trx: Executor) => Promise<AccountChange>,
  ) => {
    const id = await accounts.inTransaction(async (trx) => {
      const c = await change(trx);
      await recordAudit(trx, op, {
        action: action(c),
        target: { type: 'carrier_account', id: c.id },
        reason,
        ...(c.before ? { before: c.before } : {}),
        after: c.after,
      });
      return c.id;
    });
    return accounts.row(id);
  };

  serve(api, 'adminCarrierAccountList', async () => ({ items: await accounts.list() }));
  serve(api, 'adminCarrierKinds', async () => ({ items: accounts.kinds() }));
  serve(api, 'adminCarrierAccountCreate', async (req, _reply, op) =>
    audited(
      op,
      () => 'carrier_account.created',
      req.body.reason,
      (trx) => accounts.create(trx, req.body),
    ),
  );
  serve(api, 'adminCarrierAccountUpdate', async (req, _reply, op) =>
    audited(
      op,
      () => 'carrier_account.updated',
      req.body.reason,
      (trx) => accounts.update(trx, req.body),
    ),
  );
  serve(api, 'adminCarrierAccountSetEnabled', async (req, _reply, op) =>
    audited(
      op,
      () => (req.body.enabled ? 'carrier_account.enabled' : 'carrier_account.disabled'),
      req.body.reason,
      (trx) => accounts.setEnabled(trx, req.body),
    ),
  );
  serve(api, 'adminCarrierAccountTest', async (req) => accounts.test(req.body));
}
