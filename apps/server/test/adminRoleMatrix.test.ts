// The role matrix (docs/decisions/0018): every operator-console endpoint in the registry × every role,
// the roles each may call taken from its declaration (`access`: a permission, whose roles
// @portal/contract/admin's PERMISSIONS lists) unless EXCEPTIONS says otherwise; each row is then
// proved against the running server — a role without the permission gets 403 whatever it
// sends, a role with it gets past the guard (the answer may still be a 400 for the empty input).
import { describe, expect, it } from 'vitest';
import {
  ADMIN_ENDPOINTS,
  PERMISSIONS,
  type AdminEndpointName,
  type ApprovalKind,
  type OperatorRole,
  type Permission,
} from '@portal/contract/admin';
import type { Access } from '@portal/contract/declaration';
import { DEFAULT_WRITE_LIMITS } from '@portal/domain';
import { methodOf, pathPatternOf } from '@portal/contract/route';
import { ADMIN_REGISTERED } from '../src/modules/admin';
import { DEMO_OPERATORS } from '../src/db/seedOperators';
import { adminPost, loginAs, type DemoOperator } from './adminHelpers';
import { enableTotp, paidBalanceOrder, openRefundRequest } from './refundHelpers';
import { databases, useTestApp, type TestApp } from './harness';

/**
 * Who may call an endpoint where the server answers otherwise than its declaration's `access` says
 * (an open endpoint, or the roles holding that permission in @portal/contract/admin's PERMISSIONS).
 * None today: a row here is a reason written down.
 */
const EXCEPTIONS: Partial<Record<AdminEndpointName, 'open' | OperatorRole[]>> = {};

/** Who may call each endpoint: 'open' (no session) or the roles, from its declaration. */
const MATRIX = Object.fromEntries(
  (Object.keys(ADMIN_ENDPOINTS) as AdminEndpointName[]).map((name) => {
    const access = ADMIN_ENDPOINTS[name].access as Access;
    const roles = access === 'open' ? 'open' : [...PERMISSIONS[access as Permission]];
    return [name, EXCEPTIONS[name] ?? roles];
  }),
) as Record<AdminEndpointName, 'open' | OperatorRole[]>;

const names = Object.keys(ADMIN_ENDPOINTS) as AdminEndpointName[];

/**
 * Who may approve each write held whatever its size (docs/decisions/0056-no-one-moves-money-alone.md),
 * and each refund above the refund limit (docs/decisions/0059), filed by `admin`: the roles holding
 * approvals.decide and the write's own permission.
 */
const HELD_DECIDERS: Record<
  Extract<ApprovalKind, 'limits_save' | `operator_${string}` | `commission_${string}` | `${string}refund${string}`>,
  OperatorRole[]
> = {
  limits_save: ['platform_admin'],
  operator_create: ['platform_admin'],
  operator_password: ['platform_admin'],
  operator_role: ['platform_admin'],
  commission_adjust: ['platform_admin', 'finance'],
  commission_settings: ['platform_admin'],
  operator_totp: ['platform_admin'],
  order_refund: ['platform_admin', 'finance'],
  order_partial_refund: ['platform_admin', 'finance'],
  refund_request: ['platform_admin', 'finance'],
};

let seq = 0;
const operatorIdOf = async (t: TestApp, username: string) =>
  (await t.db.kysely.selectFrom('operators').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

/** A held request of that kind, filed by admin: its id. */
async function heldRequest(t: TestApp, kind: keyof typeof HELD_DECIDERS, admin: string, admin2: string): Promise<number> {
  const n = ++seq;
  const demo = (await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', 'demo').executeTakeFirstOrThrow()).id;
  const colleague = async (role: OperatorRole) => {
    const username = `matrix${n}`;
    const body = { username, display_name: '矩阵同事', role, password: 'Matrix2026x', reason: '矩阵' };
    const res = await adminPost(t, '/api/admin/operators/create', body, admin);
    const held = res.json().data.pending_approval;
    if (held) await adminPost(t, '/api/admin/approvals/approve', { id: held.id, reason: '同意' }, admin2);
    return operatorIdOf(t, username);
  };
  const [u, b] = await (async (): Promise<[string, object]> => {
    switch (kind) {
      case 'limits_save':
        return ['/api/admin/limits/save', { ...DEFAULT_WRITE_LIMITS, voucher_amount_fen: 20_000 + n, reason: '放宽' }];
      case 'operator_create':
        return [
          '/api/admin/operators/create',
          { username: `boss${n}`, display_name: '新管理员', role: 'platform_admin', password: 'Boss2026xx', reason: '新增' },
        ];
      case 'operator_password':
        return ['/api/admin/operators/password', { id: await colleague('platform_admin'), password: 'Reset2026zz', reason: '重置' }];
      case 'operator_totp': {
        const id = await colleague('platform_admin');
        await enableTotp(t, await loginAs(t, `matrix${n}` as DemoOperator, 'Matrix2026x'));
        return ['/api/admin/operators/totp', { id, reason: '手机丢失' }];
      }
      // ¥2,000 from the balance: above the default refund limit of ¥1,000
      case 'order_refund':
        return ['/api/admin/orders/refund', { order_no: await paidBalanceOrder(t, '1000000001', 200_000), reason: '客户投诉' }];
      case 'order_partial_refund':
        return [
          '/api/admin/orders/partial-refund',
          {
            order_no: await paidBalanceOrder(t, '1000000001', 200_000),
            amount_fen: 150_000,
            reason: '补偿',
            request_id: `matrix-${n}-part`,
          },
        ];
      case 'refund_request':
        return [
          '/api/admin/refund-requests/approve',
          { id: await openRefundRequest(t, await paidBalanceOrder(t, '1000000001', 200_000)), reason: '同意退款' },
        ];
      case 'operator_role':
        return ['/api/admin/operators/role', { id: await colleague('support'), role: 'finance', agent_id: null, reason: '转岗' }];
      case 'commission_adjust':
        return [
          '/api/admin/commissions/adjust',
          { agent_id: demo, amount_fen: 4_000_000, reason: '奖励', request_id: `matrix-${Date.now()}-${n}` },
        ];
      case 'commission_settings':
        return [
          '/api/admin/commissions/settings',
          { agent_id: demo, holding_days: 7, verify_mobile: `1360000${String(n).padStart(4, '0')}`, reason: '换号' },
        ];
    }
  })();
  const res = await adminPost(t, u, b, admin);
  const id = res.json().data?.pending_approval?.id;
  if (!id) throw new Error(`${kind} was not held: ${res.body}`);
  return id;
}

describe.each(databases())('admin role matrix on %s', (kind) => {
  const t = useTestApp(kind);

  it('has a row for every admin endpoint, and the server registers each with that rule', () => {
    expect(Object.keys(MATRIX).sort()).toEqual([...names].sort());
    for (const name of names) {
      const registered = ADMIN_REGISTERED.get(name);
      expect(registered, `${name} is not served`).toBeDefined();
      expect(registered === 'open', `${name} open?`).toBe(MATRIX[name] === 'open');
    }
  });

  const cases = names.flatMap((name) =>
    DEMO_OPERATORS.map(
      (o) => [name, o.username, o.role, MATRIX[name] === 'open' || (MATRIX[name] as OperatorRole[]).includes(o.role)] as const,
    ),
  );

  // One session per operator for the whole matrix: a login is a scrypt hash (tens of ms of CPU),
  // and what each row proves is the guard's answer to that role's session, not the login. Logging
  // out ends the session it is called with, so that row gets a session of its own.
  const sessions = new Map<string, Promise<string>>();
  const sessionOf = (name: AdminEndpointName, username: DemoOperator) => {
    if (name === 'adminLogout') return loginAs(t, username);
    let cookie = sessions.get(username);
    if (!cookie) sessions.set(username, (cookie = loginAs(t, username)));
    return cookie;
  };

  it.each(cases)('%s as %s (%s): allowed %s', async (name, username, _role, allowed) => {
    const route = ADMIN_ENDPOINTS[name].route;
    const cookie = await sessionOf(name, username);
    const method = methodOf(route);
    const res = await t.inject({
      method,
      url: `/api${pathPatternOf(route)}`,
      headers: { cookie },
      ...(method === 'POST' ? { payload: {} } : {}),
    });
    if (allowed) {
      expect([401, 403], `${res.statusCode} ${res.body}`).not.toContain(res.statusCode);
    } else {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe('当前账号无权进行此操作');
    }
  });

  it.each(names.filter((n) => MATRIX[n] !== 'open'))('%s without a session: 401', async (name) => {
    const route = ADMIN_ENDPOINTS[name].route;
    const method = methodOf(route);
    const res = await t.inject({ method, url: `/api${pathPatternOf(route)}`, ...(method === 'POST' ? { payload: {} } : {}) });
    expect(res.statusCode, res.body).toBe(401);
  });

  // last: approving these changes operators and limits
  it.each(Object.keys(HELD_DECIDERS) as (keyof typeof HELD_DECIDERS)[])(
    'a held %s filed by admin: approved only by the roles with its permission, never by admin',
    async (kind) => {
      const [admin, admin2] = [await loginAs(t, 'admin'), await loginAs(t, 'admin2')];
      for (const o of DEMO_OPERATORS) {
        const id = await heldRequest(t, kind, admin, admin2);
        const res = await adminPost(t, '/api/admin/approvals/approve', { id, reason: '矩阵审批' }, await loginAs(t, o.username));
        const allowed = o.username !== 'admin' && HELD_DECIDERS[kind].includes(o.role);
        expect(res.statusCode, `${kind} approved by ${o.username}: ${res.body}`).toBe(allowed ? 200 : 403);
      }
    },
    60_000,
  );
});
