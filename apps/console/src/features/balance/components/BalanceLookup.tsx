// 余额: a card's balance and ledger (newest first, 加载更多), the check that the balance equals the
// sum of its ledger, and 调整余额 — an amount (either way, at most 5000 元) with a required reason,
// written once per submit (a request id) through the balance ledger, and audited.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Empty, Form, Input, InputNumber, Space, Table, Tag, Typography } from 'antd';
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { LEDGER_KIND_LABEL } from '@portal/contract';
import type { AdminAnswerOf } from '@portal/contract/admin';
import { urlOf, newRequestKey } from '../../../lib/api';
import { labelOf } from '../../../lib/labels';
import { ReasonModal } from '../../../components/ReasonModal';
import { chinaTime, yuan } from '../../../lib/format';
import { allows, useOperator } from '../../../lib/session';
import { LoadError } from '../../../components/LoadError';
import { useLedger, type LedgerEntry as Entry } from '../api/getLedger';
import { adjustBalance, invalidateLedger } from '../api/adjustBalance';
import { sayHeld } from '../../../lib/heldForApproval';
import * as admin from '@portal/contract/routes/admin';

function newRequestId(): string {
  return `adj-${newRequestKey()}`;
}

function AdjustModal({ card, onClose }: { card: string; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  // one id per opened form: a double click or a retry after a lost answer adjusts once
  const [requestId] = useState(newRequestId);
  return (
    <ReasonModal<{ amount: number; reason: string }>
      title={`调整余额：${card}`}
      okText="确认调整"
      reasonLabel="调整原因"
      reasonPlaceholder="如：网络故障补偿"
      onConfirm={(v) => adjustBalance(card, v, requestId)}
      onDone={(a) => {
        const done = a as AdminAnswerOf<'adminBalanceAdjust'>;
        if (!sayHeld(modal, done) && 'balance_fen' in done) void message.success(`余额已调整，当前余额 ${yuan(done.balance_fen)}`);
        void invalidateLedger(qc, card);
      }}
      onClose={onClose}
    >
      <Form.Item
        name="amount"
        label="调整金额（元，正数增加、负数扣减）"
        rules={[
          { required: true, message: '请填写调整金额' },
          { validator: (_r, v: number | null) => (v === 0 ? Promise.reject(new Error('调整金额不能为 0')) : Promise.resolve()) },
          { type: 'number', min: -5000, max: 5000, message: '单次调整不能超过 5000 元' },
        ]}
      >
        <InputNumber style={{ width: 220 }} precision={2} step={1} placeholder="如 10.00 或 -5.00" />
      </Form.Item>
    </ReasonModal>
  );
}

export function BalanceLookup() {
  const op = useOperator().data;
  const [card, setCard] = useState<string | null>(null);
  const [adjusting, setAdjusting] = useState(false);
  const q = useLedger(card);
  const first = q.data?.pages[0];
  const rows = q.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Card>
      <Form layout="inline" onFinish={(v: { card: string }) => setCard(v.card.trim())} style={{ marginBottom: 16 }}>
        <Form.Item name="card" label="卡号" rules={[{ required: true, whitespace: true, message: '请输入卡号或 ICCID' }]}>
          <Input placeholder="卡号或 ICCID" allowClear style={{ width: 240 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          查询
        </Button>
      </Form>
      {card === null ? <Empty description="输入卡号查看余额明细" /> : null}
      {q.error ? <LoadError error={q.error} icon onRetry={() => void q.refetch()} /> : null}
      {first ? (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions bordered size="small" column={4}>
            <Descriptions.Item label="卡号">{first.card.custom_num}</Descriptions.Item>
            <Descriptions.Item label="ICCID">{first.card.iccid}</Descriptions.Item>
            <Descriptions.Item label="当前余额">
              <Typography.Text strong data-testid="balance">
                {yuan(first.card.balance_fen)}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="明细合计">
              {yuan(first.ledger_sum_fen)}{' '}
              {first.ledger_sum_fen === first.card.balance_fen ? <Tag color="green">一致</Tag> : <Tag color="red">不一致</Tag>}
            </Descriptions.Item>
          </Descriptions>
          <Space>
            {allows(op, 'ledger.adjust') ? <Button onClick={() => setAdjusting(true)}>调整余额</Button> : null}
            <Button icon={<DownloadOutlined />} href={urlOf(admin.adminExportLedger, { card: first.card.custom_num })} download>
              导出 CSV
            </Button>
          </Space>
          <Table<Entry>
            size="small"
            rowKey="id"
            loading={q.isFetching && !q.isFetchingNextPage}
            dataSource={rows}
            pagination={false}
            locale={{ emptyText: <Empty description="暂无余额变动" /> }}
            columns={[
              { title: '时间', dataIndex: 'created_at', width: 180, render: (v: string) => chinaTime(v) },
              { title: '类型', dataIndex: 'kind', width: 100, render: (k: string) => labelOf(LEDGER_KIND_LABEL, k) },
              {
                title: '金额',
                dataIndex: 'amount_fen',
                width: 120,
                render: (f: number) => (
                  <Typography.Text type={f < 0 ? 'danger' : 'success'}>{f > 0 ? `+${yuan(f)}` : yuan(f)}</Typography.Text>
                ),
              },
              { title: '变动后余额', dataIndex: 'balance_after_fen', width: 120, render: (f: number) => yuan(f) },
              { title: '订单号', dataIndex: 'order_no', width: 230, render: (o: string) => o || '—' },
              { title: '说明', dataIndex: 'note', ellipsis: true },
            ]}
          />
          <div style={{ textAlign: 'center' }}>
            {q.hasNextPage ? (
              <Button onClick={() => q.fetchNextPage()} loading={q.isFetchingNextPage}>
                加载更多
              </Button>
            ) : null}
          </div>
        </Space>
      ) : null}
      {adjusting && card ? <AdjustModal card={first?.card.custom_num ?? card} onClose={() => setAdjusting(false)} /> : null}
    </Card>
  );
}
