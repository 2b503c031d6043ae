import { describe, expect, it } from 'vitest';
import { auditChanges, targetText } from './auditChanges';

const names = {
  package: { '17': '月包 30G' },
  agent: { '1': '演示代理', '2': '华东代理' },
  series: { '1': '流量卡', '3': '路由器' },
  card: { '12': '1000000004' },
};
const row = (target_type: string, target_id: string, before: unknown, after: unknown) => ({ target_type, target_id, before, after });

describe('an audit row in words', () => {
  it.each([
    [
      '价格：元，改了的标出',
      row('package', '17', { cost_fen: 2000, retail_fen: 2990 }, { cost_fen: 2000, retail_fen: 3190 }),
      [
        { key: 'cost_fen', label: '成本价', before: '¥20.00', after: '¥20.00', changed: false },
        { key: 'retail_fen', label: '零售价', before: '¥29.90', after: '¥31.90', changed: true },
      ],
    ],
    [
      '代理：名称',
      row('card', '1000000004', { agent_id: 1 }, { agent_id: 2 }),
      [{ key: 'agent_id', label: '代理商', before: '演示代理', after: '华东代理', changed: true }],
    ],
    [
      '系列：名称列表',
      row('card', '1000000004', { package_series_ids: [1] }, { package_series_ids: [3] }),
      [{ key: 'package_series_ids', label: '套餐系列', before: '流量卡', after: '路由器', changed: true }],
    ],
    [
      '卡：卡号；找不到名称：编号',
      row('voucher_batch', '9', null, { card_id: 12, agent_id: 5 }),
      [
        { key: 'card_id', label: '卡号', before: '—', after: '1000000004', changed: false },
        { key: 'agent_id', label: '代理商', before: '—', after: '编号 5', changed: false },
      ],
    ],
    [
      '卡片状态与开关',
      row('card', '1000000004', { state: 1 }, { state: 3, stop_reason: '人工停机' }),
      [
        { key: 'state', label: '状态', before: '已激活', after: '已停机', changed: true },
        { key: 'stop_reason', label: '停机原因', before: '—', after: '人工停机', changed: true },
      ],
    ],
    [
      '工单状态按对象的状态表',
      row('ticket', 'T1', { status: 'submitted' }, { status: 'replied', content: '已处理' }),
      [
        { key: 'status', label: '状态', before: '已提交', after: '已回复', changed: true },
        { key: 'content', label: '回复内容', before: '—', after: '已处理', changed: true },
      ],
    ],
    [
      '是/否、角色、支付方式',
      row('agent', '1', { wechat_pay: true, wechat_pay_type: 0 }, { wechat_pay: false, wechat_pay_type: 4 }),
      [
        { key: 'wechat_pay', label: '微信支付', before: '是', after: '否', changed: true },
        { key: 'wechat_pay_type', label: '微信支付方式', before: '默认', after: '收银台', changed: true },
      ],
    ],
    [
      '不认识的字段：原样',
      row('device', 'SN1', { wifi_band: '2.4G' }, { wifi_band: '5G' }),
      [{ key: 'wifi_band', label: 'wifi_band', before: '2.4G', after: '5G', changed: true }],
    ],
    ['对象以外的值：一行', row('card', '1', 'a', 'b'), [{ key: '', label: '内容', before: 'a', after: 'b', changed: true }]],
    ['什么都没记：没有行', row('operator', '1', null, null), []],
    [
      '流量：MB 换算',
      row('package', '17', { flow_mb: 1024 }, { flow_mb: 30720 }),
      [{ key: 'flow_mb', label: '流量', before: '1.00 GB', after: '30.00 GB', changed: true }],
    ],
  ])('%s', (_name, r, want) => {
    expect(auditChanges(r, names)).toEqual(want);
  });

  it.each([
    [{ target_type: 'package', target_id: '17' }, '套餐「月包 30G」'],
    [{ target_type: 'package', target_id: '99' }, '套餐 99'],
    [{ target_type: 'card', target_id: '1000000004' }, '卡片 1000000004'],
    [{ target_type: 'cards', target_id: '' }, '卡片'],
    [{ target_type: 'agent', target_id: '2' }, '代理商「华东代理」'],
    [{ target_type: 'widget', target_id: '3' }, 'widget 3'],
  ])('the object %j reads %j', (r, want) => {
    expect(targetText(r, names)).toBe(want);
  });
});
