import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTION_LABEL,
  AUDIT_ACTIONS,
  AUDIT_FIELD,
  AUDIT_STATUS_LABEL,
  AUDIT_TARGET_REF,
  auditActionLabel,
  auditActionsMatching,
  auditRefsOf,
} from './auditLabels';

const CHINESE = /[\u4e00-\u9fff]/;

describe('audit action labels', () => {
  it('every action has its own Chinese label', () => {
    for (const a of AUDIT_ACTIONS) expect(AUDIT_ACTION_LABEL[a], a).toMatch(CHINESE);
    expect(new Set(Object.values(AUDIT_ACTION_LABEL)).size).toBe(AUDIT_ACTIONS.length);
  });

  it.each([
    ['停机', ['card.suspended']],
    ['复机', ['card.resumed']],
    ['card.suspended', ['card.suspended']],
    ['  停机 ', ['card.suspended']],
    ['退款', ['order.refund', 'order.partial_refund', 'refund_request.approved', 'refund_request.rejected']],
    ['两步验证', ['operator.totp_enrol', 'operator.totp_enabled', 'operator.totp_disabled', 'operator.totp_reset']],
    ['CARD.AGENT', ['card.agent_moved']],
    ['没有这个操作', []],
  ])('a search for %j means %j', (text, actions) => {
    expect(auditActionsMatching(text)).toEqual(actions);
  });

  it('an empty search filters nothing; every export answers 导出', () => {
    expect(auditActionsMatching('')).toBeNull();
    expect(auditActionsMatching('   ')).toBeNull();
    const exports = auditActionsMatching('导出')!;
    expect(exports).toContain('cards.export');
    expect(exports).toContain('audit.export');
    expect(exports.every((a) => a.endsWith('export'))).toBe(true);
  });

  it('a state or status reads in words for every object type that writes one', () => {
    expect(AUDIT_STATUS_LABEL.device!.pending).toBe('待生效');
    expect(AUDIT_STATUS_LABEL.device!.cancelled).toBe('已撤销');
    for (const type of [
      'card',
      'order',
      'ticket',
      'agent_application',
      'replacement',
      'commission_withdrawal',
      'approval',
      'device',
      'refund_request',
      'invoice_request',
      'bulk_job',
    ])
      expect(Object.keys(AUDIT_STATUS_LABEL[type] ?? {}).length, type).toBeGreaterThan(0);
  });

  it('an action of an older release reads as it is', () => {
    expect(auditActionLabel('card.suspended')).toBe('停机');
    expect(auditActionLabel('card.note')).toBe('card.note');
  });
});

describe('audit fields', () => {
  it('every field has a Chinese label; money fields end in _fen and read in yuan', () => {
    for (const [k, f] of Object.entries(AUDIT_FIELD)) {
      expect(f.label, k).toMatch(/[\u4e00-\u9fffA-Za-z]/);
      if (k.endsWith('_fen')) expect(f.how.kind, k).toBe('fen');
      if (f.how.kind === 'fen') expect(k.endsWith('_fen'), k).toBe(true);
    }
  });

  it.each([
    [{ target_type: 'package', target_id: '17', before: { cost_fen: 2000 }, after: { cost_fen: 2100 } }, { package: ['17'] }],
    [{ target_type: 'card', target_id: '1000000004', before: { agent_id: 1 }, after: { agent_id: 2 } }, { agent: ['1', '2'] }],
    [
      { target_type: 'card', target_id: '1000000004', before: { package_series_ids: [1, 2] }, after: { package_series_ids: [3] } },
      { series: ['1', '2', '3'] },
    ],
    [
      { target_type: 'series', target_id: '5', before: null, after: { agent_id: 1, name: '流量卡' } },
      { series: ['5'], agent: ['1'] },
    ],
    [{ target_type: 'operator', target_id: '3', before: '', after: { role: 'support' } }, { operator: ['3'] }],
    [{ target_type: 'cards', target_id: '', before: null, after: { filter: { agent_id: 2 }, rows: 3 } }, {}],
    [{ target_type: 'voucher_batch', target_id: '9', before: null, after: { card_id: 12, agent_id: null } }, { card: ['12'] }],
  ])('the rows %j refers to: %j', (row, want) => {
    const got = Object.fromEntries([...auditRefsOf(row)].map(([k, v]) => [k, [...v]]));
    expect(got).toEqual(want);
  });

  it('a target whose id names a row is resolved by that row', () => {
    expect(AUDIT_TARGET_REF.package).toBe('package');
    expect(AUDIT_TARGET_REF.card).toBeUndefined();
  });
});
