import { describe, expect, it } from 'vitest';
import type { ApprovalKind, OperatorRole } from '@portal/contract/admin';
import { decideRefusal } from './rules';

const ASKER = 7;

describe('who decides a write above a limit', () => {
  it.each<[OperatorRole, ApprovalKind, ReturnType<typeof decideRefusal>]>([
    ['platform_admin', 'voucher_issue', null],
    ['platform_admin', 'balance_adjust', null],
    ['platform_admin', 'price_save', null],
    ['platform_admin', 'package_save', null],
    ['finance', 'balance_adjust', null],
    ['finance', 'voucher_issue', 'no_permission'],
    ['finance', 'price_save', 'no_permission'],
    ['agent_admin', 'voucher_issue', 'no_permission'],
    ['agent_admin', 'price_save', 'no_permission'],
    ['support', 'balance_adjust', 'no_permission'],
  ])('%s deciding another operator’s %s: %s', (role, kind, refusal) => {
    expect(decideRefusal({ id: 1, role }, { kind, requested_by_id: ASKER, state: 'pending' })).toBe(refusal);
  });

  it('never the operator who asked, and only while it waits', () => {
    expect(decideRefusal({ id: ASKER, role: 'platform_admin' }, { kind: 'price_save', requested_by_id: ASKER, state: 'pending' })).toBe(
      'own_request',
    );
    for (const state of ['approved', 'rejected'])
      expect(decideRefusal({ id: 1, role: 'platform_admin' }, { kind: 'price_save', requested_by_id: ASKER, state })).toBe('not_pending');
  });
});
