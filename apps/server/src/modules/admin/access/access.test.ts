// The role table, row by row: what each role may do, and an agent administrator's scope.
import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS, permissionsOf, ROLES, type Permission } from './permissions';
import { agentFilter, assertInScope, inScope, ownAgent } from './scope';

// role order: platform_admin, agent_admin, support, finance
const TABLE: Record<Permission, [boolean, boolean, boolean, boolean]> = {
  self: [true, true, true, true],
  'dashboard.view': [true, true, true, true],
  'audit.view': [true, false, false, false],
  'cards.view': [true, true, true, false],
  'cards.manage': [true, true, false, false],
  'cards.assist': [true, true, true, false],
  'cards.story': [true, true, true, true],
  'customers.view': [true, true, true, false],
  'customers.manage': [true, true, false, false],
  'orders.view': [true, true, true, true],
  'orders.manage': [true, true, false, false],
  'refunds.manage': [true, false, false, true],
  'invoices.manage': [true, false, false, true],
  'ledger.view': [true, false, false, true],
  'ledger.adjust': [true, false, false, true],
  'prices.manage': [true, true, false, false],
  'branding.manage': [true, true, false, false],
  'tickets.manage': [true, false, true, false],
  'agentApplications.manage': [true, true, false, false],
  'realname.view': [true, true, true, false],
  'realname.reveal': [true, false, false, false],
  'agents.view': [true, true, false, false],
  'agents.create': [true, false, false, false],
  'agents.subAgents': [true, true, false, false],
  'paySettings.manage': [true, false, false, false],
  'prices.view': [true, true, false, true],
  'catalogue.manage': [true, false, false, false],
  'vouchers.issue': [true, true, false, false],
  'operators.manage': [true, false, false, false],
  'carriers.manage': [true, false, false, false],
  'commissions.view': [true, true, false, true],
  'commissions.withdraw': [true, true, false, false],
  'commissions.settle': [true, false, false, true],
  'commissions.configure': [true, false, false, false],
  'devices.support': [true, true, true, false],
  'firmware.manage': [true, false, false, false],
  'errorReports.view': [true, false, true, false],
  'limits.manage': [true, false, false, false],
  'approvals.view': [true, true, false, true],
  'approvals.decide': [true, false, false, true],
};

describe('permissions', () => {
  it('has a row in this table for every permission', () => {
    expect(Object.keys(TABLE).sort()).toEqual(Object.keys(PERMISSIONS).sort());
  });

  it.each(Object.entries(TABLE) as [Permission, boolean[]][])('%s: %j', (permission, allowed) => {
    ROLES.forEach((role, i) => expect(can(role, permission), role).toBe(allowed[i]));
  });

  it('gives the platform administrator everything', () => {
    expect(permissionsOf('platform_admin')).toEqual(Object.keys(PERMISSIONS));
  });
});

describe('scope', () => {
  it.each([
    ['platform_admin', null, null],
    ['support', null, null],
    ['finance', null, null],
    ['agent_admin', 7, 7],
  ] as const)('%s (agent %s) sees agent %s', (role, agentId, filter) => {
    expect(agentFilter({ role, agentId })).toEqual(filter === null ? null : [filter]);
  });

  it('limits an agent administrator to their agent', () => {
    const op = { role: 'agent_admin', agentId: 7 } as const;
    expect(inScope(op, 7)).toBe(true);
    expect(inScope(op, 8)).toBe(false);
    expect(() => assertInScope(op, 8)).toThrow('记录不存在');
    expect(() => assertInScope(op, null)).toThrow('记录不存在');
    expect(() => assertInScope(op, 7)).not.toThrow();
    expect(inScope({ role: 'platform_admin', agentId: null }, 8)).toBe(true);
  });

  it('an agent administrator sees its subtree: its agent and the sub-agents below it, never its parent', () => {
    const op = { role: 'agent_admin', agentId: 7, subtree: [7, 9, 12] } as const;
    expect(agentFilter(op)).toEqual([7, 9, 12]);
    expect(ownAgent(op)).toBe(7);
    expect(inScope(op, 12)).toBe(true);
    expect(inScope(op, 3)).toBe(false);
    // a subtree that does not hold the operator's own agent is not believed
    expect(agentFilter({ role: 'agent_admin', agentId: 7, subtree: [9] })).toEqual([7]);
    expect(ownAgent({ role: 'finance', agentId: null })).toBeNull();
  });

  it('refuses an agent administrator without an agent rather than showing everything', () => {
    expect(() => agentFilter({ role: 'agent_admin', agentId: null })).toThrow(/未关联代理/);
  });
});
