// 概览: cards by state, activations and revenue (net of refunds) of the last 30 days, top data users, and the
// queues waiting for the operator (only those their role works) with the age of their oldest item;
// a queue's row opens the page that works it.
import { useNavigate } from 'react-router';
import { Alert, Card, Col, Row, Spin, Statistic, Table, Tooltip } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { messageOf } from '../../../lib/api';
import { ageOf, chinaTime, dataSize, yuan } from '../../../lib/format';
import { queuePath } from '../../../lib/paths';
import { useDashboard, type Dashboard } from '../api/getDashboard';

type Daily = Dashboard['daily'];

export function Overview() {
  const { data, isPending, error } = useDashboard();
  const navigate = useNavigate();
  if (isPending) return <Spin />;
  if (error) return <Alert type="error" showIcon title={messageOf(error)} />;

  const totalCards = data.cards_by_state.reduce((s, r) => s + r.count, 0);
  const revenue = data.daily.reduce((s, d) => s + d.revenue_fen, 0);
  const refunded = data.daily.reduce((s, d) => s + d.refunds_fen, 0);
  const net = data.daily.reduce((s, d) => s + d.net_fen, 0);
  const activations = data.daily.reduce((s, d) => s + d.activations, 0);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Row gutter={16}>
        <Col span={6}>
          <Card>
            <Statistic title="卡片总数" value={totalCards} />
          </Card>
        </Col>
        <Col span={6}>
          <Card>
            <Statistic title="近 30 天激活" value={activations} />
          </Card>
        </Col>
        <Col span={6}>
          <Card>
            <Statistic title="近 30 天净收入（已扣退款）" value={yuan(net)} />
            <div style={{ color: '#666', marginTop: 4 }}>
              收入 {yuan(revenue)}，退款 {yuan(refunded)}
            </div>
          </Card>
        </Col>
        <Col span={6}>
          <Card>
            <Statistic title="待处理事项" value={data.queues.reduce((s, q) => s + q.count, 0)} />
          </Card>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={12}>
          <Card title="待处理事项">
            <Table
              size="small"
              pagination={false}
              rowKey="key"
              dataSource={data.queues}
              locale={{ emptyText: '没有需要您处理的事项' }}
              onRow={(q) => {
                const path = queuePath[q.key];
                return path
                  ? { onClick: () => void navigate(path), style: { cursor: 'pointer' }, title: `打开${q.label}`, 'data-queue': q.key }
                  : {};
              }}
              columns={[
                { title: '事项', dataIndex: 'label' },
                { title: '数量', dataIndex: 'count', align: 'right' },
                {
                  title: '最久等待',
                  dataIndex: 'oldest_at',
                  render: (at: string | null) => (at ? <Tooltip title={chinaTime(at)}>{ageOf(at)}</Tooltip> : '—'),
                },
                { key: 'open', width: 40, render: () => <RightOutlined style={{ color: '#999' }} aria-hidden /> },
              ]}
            />
          </Card>
        </Col>
        <Col span={12}>
          <Card title="卡片状态">
            <Table
              size="small"
              pagination={false}
              rowKey="state"
              dataSource={data.cards_by_state}
              columns={[
                { title: '状态', dataIndex: 'label' },
                { title: '数量', dataIndex: 'count', align: 'right' },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={16}>
          <Card title="近 30 天激活与收入（北京时间）">
            <Bars daily={data.daily} />
          </Card>
        </Col>
        <Col span={8}>
          <Card title="近 30 天用量排行">
            <Table
              size="small"
              pagination={false}
              rowKey="custom_num"
              dataSource={data.top_data_users}
              locale={{ emptyText: '暂无用量' }}
              columns={[
                { title: '排名', key: 'rank', width: 60, render: (_v, _r, i) => i + 1 },
                { title: '卡号', dataIndex: 'custom_num' },
                { title: '用量', dataIndex: 'used_kb', align: 'right', render: (kb: number) => dataSize(kb) },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}

/** Two bar rows (net revenue above, activations below), one column per day; hover for the figures. */
function Bars({ daily }: { daily: Daily }) {
  const topRevenue = Math.max(0, ...daily.map((d) => d.net_fen));
  const topActivations = Math.max(0, ...daily.map((d) => d.activations));
  const maxRevenue = Math.max(1, topRevenue);
  const maxActivations = Math.max(1, topActivations);
  const row = (value: (d: Daily[number]) => number, max: number, color: string, label: string) => (
    <div>
      <div style={{ color: '#666', marginBottom: 4 }}>{label}</div>
      <div style={{ display: 'flex', alignItems: 'flex-end', gap: 3, height: 90, borderBottom: '1px solid #eee' }}>
        {daily.map((d) => (
          <Tooltip key={d.day} title={dayText(d)}>
            <div
              style={{
                flex: 1,
                height: `${(Math.max(0, value(d)) / max) * 100}%`,
                minHeight: value(d) > 0 ? 2 : 0,
                background: color,
                borderRadius: 2,
              }}
            />
          </Tooltip>
        ))}
      </div>
    </div>
  );
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      {row((d) => d.net_fen, maxRevenue, '#127EFF', topRevenue ? `净收入（单日最高 ${yuan(topRevenue)}）` : '净收入（近 30 天暂无）')}
      {row((d) => d.activations, maxActivations, '#52c41a', topActivations ? `激活（单日最高 ${topActivations}）` : '激活（近 30 天暂无）')}
      <div style={{ display: 'flex', justifyContent: 'space-between', color: '#999' }}>
        <span>{daily[0]?.day}</span>
        <span>{daily[daily.length - 1]?.day}</span>
      </div>
    </div>
  );
}

/** A day's figures on hover: what came in, what went back, what stayed. */
function dayText(d: Daily[number]): string {
  const refunds = d.refunds ? `，退款 ${yuan(d.refunds_fen)}（${d.refunds} 笔），净收入 ${yuan(d.net_fen)}` : '';
  return `${d.day}：激活 ${d.activations}，收入 ${yuan(d.revenue_fen)}（${d.orders} 笔）${refunds}`;
}
