import { describe, expect, it } from 'vitest';
import type { ApprovalKind, OperatorRole } from '@portal/contract/admin';
import { decideRefusal, secondPersonRefusal, type Decider, type SecondPersonRefusal } from './rules';

const ASKER = 7;
const ASKED_AT = '2026-11-20T08:00:00.000Z';
const OLD = '2026-01-01T00:00:00.000Z';
const decider = (over: Partial<Decider> = {}): Decider => ({ id: 1, createdAt: OLD, tiedTo: new Set(), ...over });

describe('who decides a held write', () => {
  it.each<[OperatorRole, ApprovalKind, ReturnType<typeof decideRefusal>]>([
    ['platform_admin', 'voucher_issue', null],
    ['platform_admin', 'balance_adjust', null],
    ['platform_admin', 'price_save', null],
    ['platform_admin', 'package_save', null],
    ['platform_admin', 'limits_save', null],
    ['platform_admin', 'operator_create', null],
    ['platform_admin', 'operator_password', null],
    ['platform_admin', 'operator_role', null],
    ['platform_admin', 'commission_adjust', null],
    ['platform_admin', 'commission_settings', null],
    ['platform_admin', 'order_refund', null],
    ['platform_admin', 'refund_request', null],
    ['platform_admin', 'operator_totp', null],
    ['finance', 'order_refund', null],
    ['finance', 'order_partial_refund', null],
    ['finance', 'refund_request', null],
    ['finance', 'operator_totp', 'no_permission'],
    ['support', 'order_refund', 'no_permission'],
    ['agent_admin', 'refund_request', 'no_permission'],
    ['finance', 'balance_adjust', null],
    ['finance', 'commission_adjust', null],
    ['finance', 'voucher_issue', 'no_permission'],
    ['finance', 'price_save', 'no_permission'],
    ['finance', 'limits_save', 'no_permission'],
    ['finance', 'operator_create', 'no_permission'],
    ['finance', 'commission_settings', 'no_permission'],
    ['agent_admin', 'voucher_issue', 'no_permission'],
    ['agent_admin', 'price_save', 'no_permission'],
    ['agent_admin', 'commission_adjust', 'no_permission'],
    ['support', 'balance_adjust', 'no_permission'],
    ['support', 'operator_role', 'no_permission'],
  ])('%s deciding another operator’s %s: %s', (role, kind, refusal) => {
    expect(decideRefusal({ ...decider(), role }, { kind, requested_by_id: ASKER, requested_at: ASKED_AT, state: 'pending' })).toBe(refusal);
  });

  it('never the operator who asked, and only while it waits', () => {
    const req = { kind: 'price_save' as const, requested_by_id: ASKER, requested_at: ASKED_AT };
    expect(decideRefusal({ ...decider({ id: ASKER }), role: 'platform_admin' }, { ...req, state: 'pending' })).toBe('own_request');
    for (const state of ['approved', 'rejected', 'withdrawn'])
      expect(decideRefusal({ ...decider(), role: 'platform_admin' }, { ...req, state })).toBe('not_pending');
  });
});

describe('whoever a held write changes does not decide it', () => {
  const DECIDER = 1;
  it.each<[ApprovalKind, object, ReturnType<typeof decideRefusal>]>([
    ['operator_password', { id: DECIDER, password_hash: 'h', reason: 'r' }, 'own_account'],
    ['operator_totp', { id: DECIDER, reason: 'r' }, 'own_account'],
    ['operator_role', { id: DECIDER, role: 'support', agent_id: null, reason: 'r' }, 'own_account'],
    ['operator_password', { id: 42, password_hash: 'h', reason: 'r' }, null],
    ['operator_totp', { id: 42, reason: 'r' }, null],
    // a payload's id that is not an operator's: a price, a package
    ['price_save', { id: DECIDER }, null],
    ['package_save', { id: DECIDER }, null],
  ])('%s of %j', (kind, payload, refusal) => {
    const req = { kind, requested_by_id: ASKER, requested_at: ASKED_AT, state: 'pending', payload: JSON.stringify(payload) };
    expect(decideRefusal({ ...decider({ id: DECIDER }), role: 'platform_admin' }, req)).toBe(refusal);
  });
});

describe('another person', () => {
  it.each<[string, Partial<Decider>, readonly number[] | undefined, SecondPersonRefusal | null]>([
    ['a colleague of long standing', {}, undefined, null],
    ['the asker themselves', { id: ASKER }, undefined, 'own_request'],
    ['created the same moment it was asked', { createdAt: ASKED_AT }, undefined, null],
    ['created a second after it was asked', { createdAt: '2026-11-20T08:00:01.000Z' }, undefined, 'too_new'],
    ['created, or given a password, by the asker', { tiedTo: new Set([ASKER]) }, undefined, 'tied'],
    ['tied to someone else only', { tiedTo: new Set([99]) }, undefined, null],
    ['changed the payout account lately', {}, [1], 'changed_payout'],
    ['someone else changed it', {}, [42], null],
    ['the asker and the changer: the asker first', { id: ASKER }, [ASKER], 'own_request'],
  ])('%s', (_name, over, changers, refusal) => {
    expect(secondPersonRefusal(decider(over), { requestedById: ASKER, requestedAt: ASKED_AT, recentPayoutChangers: changers })).toBe(
      refusal,
    );
  });
});
