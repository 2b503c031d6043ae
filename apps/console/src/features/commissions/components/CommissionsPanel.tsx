// 佣金 (docs/decisions/0035-agent-commissions.md): an agent's commission — balance, held, withdrawable,
// the account on file — with its withdrawals, ledger and monthly statement. An agent administrator
// sees their own agent only; finance and the platform choose the agent (or all agents' withdrawals)
// and decide: 通过, 驳回, 接口打款, 登记打款, 打款失败, 调整. Each money action sends a request id that
// stays the same for that withdrawal and action, so a double click acts once. A withdrawal in flight
// at the payout gateway offers no hand payment or failure (it could pay twice, or return money on its
// way): it shows the gateway's state — 待收款人确认 with the payee's link — and 查询结果 / 撤销转账
// (docs/decisions/0039-payee-confirms-transfer.md).
import { useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import {
  App,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Empty,
  Popconfirm,
  Select,
  Space,
  Spin,
  Statistic,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import {
  BILL_STATE_LABEL,
  COMMISSION_KIND_LABEL,
  PAYOUT_CHANNEL_LABEL,
  PAYOUT_METHOD_LABEL,
  WITHDRAWAL_STATE_LABEL,
  WITHDRAWAL_STATES,
  type WithdrawalStateName,
} from '@portal/contract/admin';
import { ListPage } from '../../../components/ListPage';
import { LoadError } from '../../../components/LoadError';
import { messageOf } from '../../../lib/api';
import { ageOf, chinaTime, yuan } from '../../../lib/format';
import { labelled, labelOf } from '../../../lib/labels';
import { commissionStatementPrintPath } from '../../../lib/paths';
import { allows, useOperator } from '../../../lib/session';
import { approveWithdrawal, cancelTransfer, invalidateCommissions, transferPayout } from '../api/changes';
import { useCommissionAgents, type CommissionAgent } from '../api/getAgents';
import { commissionLedgerList, type CommissionEntry } from '../api/getLedger';
import { statementCsvUrl, useCommissionStatement } from '../api/getStatement';
import { withdrawalsList, type CommissionWithdrawal } from '../api/getWithdrawals';
import { chinaMonth, requestIds, signedYuan } from '../model/amount';
import { AccountModal, AdjustModal, PaidModal, RejectModal, SettingsModal, WithdrawModal } from './CommissionModals';
import { WechatPayeeModal } from './WechatPayeeBind';
import { PayeeLinkButton } from './PayeeLink';
import { StatementView } from './StatementView';

const STATES = labelled(WITHDRAWAL_STATE_LABEL, { requested: 'gold', approved: 'blue', paid: 'green', rejected: 'default', failed: 'red' });

/** Handed to the payout gateway, outcome not final: only the gateway's answer settles it. */
const inFlight = (w: CommissionWithdrawal) => w.state === 'approved' && w.payout_channel === 'gateway';
/** The gateway takes 撤销转账 only before the payee confirms. */
const CANCELLABLE = ['ACCEPTED', 'PROCESSING', 'WAIT_USER_CONFIRM'];

function StateTag({ w }: { w: CommissionWithdrawal }) {
  if (inFlight(w)) return <Tag color="processing">{BILL_STATE_LABEL[w.bill_state] ?? '打款处理中'}</Tag>;
  return <Tag color={STATES[w.state].color}>{STATES[w.state].label}</Tag>;
}

type Open =
  | { kind: 'withdraw' | 'account' | 'wechat' | 'adjust' | 'settings' }
  | { kind: 'paid' | 'reject' | 'failed'; w: CommissionWithdrawal }
  | null;

function Figures({ a }: { a: CommissionAgent }) {
  return (
    <Space size={48} wrap>
      <Statistic title="佣金余额" value={signedYuan(a.balance_fen)} />
      <Statistic title="冻结中（未过冻结期）" value={yuan(a.pending_fen)} />
      <Statistic title="可提现" value={yuan(a.withdrawable_fen)} valueStyle={{ color: '#389e0d' }} />
      <Statistic title="待处理提现" value={a.waiting_withdrawals} suffix="笔" />
    </Space>
  );
}

function WithdrawalActions({ w, ids, open }: { w: CommissionWithdrawal; ids: (k: string) => string; open: (o: Open) => void }) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const approve = useMutation({
    mutationFn: () => approveWithdrawal(w.id, ids(`approve:${w.id}`)),
    onSuccess: () => (void message.success('已审核通过'), void invalidateCommissions(qc)),
    onError: (e) => void message.error(messageOf(e)),
  });
  const transfer = useMutation({
    mutationFn: () => transferPayout(w.id, ids(`transfer:${w.id}`)),
    onSuccess: (a) => {
      const s = a.withdrawal.state;
      if (s === 'paid') void message.success(`已打款，流水号 ${a.withdrawal.payout_reference}`);
      else if (s === 'failed') void message.error(`打款失败：${a.withdrawal.failure_reason}，金额已退回`);
      else void message.info(a.note ?? '打款处理中，请稍后再试');
      void invalidateCommissions(qc);
    },
    onError: (e) => void message.error(messageOf(e)),
  });
  const cancel = useMutation({
    mutationFn: () => cancelTransfer(w.id, ids(`cancel:${w.id}`)),
    onSuccess: (a) => {
      if (a.withdrawal.state === 'failed') void message.success('转账已撤销，金额已退回代理余额');
      else void message.info('微信已受理撤销，撤销完成后金额自动退回代理余额');
      void invalidateCommissions(qc);
    },
    onError: (e) => void message.error(messageOf(e)),
  });
  if (inFlight(w))
    return (
      <Space size={4}>
        <Button size="small" type="link" loading={transfer.isPending} onClick={() => transfer.mutate()}>
          查询结果
        </Button>
        {CANCELLABLE.includes(w.bill_state) && (
          <Popconfirm
            title={`撤销 ${yuan(w.amount_fen)} 的微信转账？`}
            description="收款人确认前可撤销；撤销完成后提现记为打款失败，金额退回代理余额。"
            okText="撤销转账"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() => cancel.mutateAsync()}
          >
            <Button size="small" type="link" danger loading={cancel.isPending}>
              撤销转账
            </Button>
          </Popconfirm>
        )}
      </Space>
    );
  if (w.state === 'requested')
    return (
      <Space size={4}>
        <Popconfirm title={`通过 ${yuan(w.amount_fen)} 的提现？`} okText="通过" cancelText="取消" onConfirm={() => approve.mutateAsync()}>
          <Button size="small" type="link" loading={approve.isPending}>
            通过
          </Button>
        </Popconfirm>
        <Button size="small" type="link" danger onClick={() => open({ kind: 'reject', w })}>
          驳回
        </Button>
      </Space>
    );
  if (w.state === 'approved')
    return (
      <Space size={4}>
        <Popconfirm
          title={`通过打款接口打款 ${yuan(w.amount_fen)}？`}
          okText="打款"
          cancelText="取消"
          onConfirm={() => transfer.mutateAsync()}
        >
          <Button size="small" type="link" loading={transfer.isPending}>
            接口打款
          </Button>
        </Popconfirm>
        <Button size="small" type="link" onClick={() => open({ kind: 'paid', w })}>
          登记打款
        </Button>
        <Button size="small" type="link" danger onClick={() => open({ kind: 'failed', w })}>
          打款失败
        </Button>
      </Space>
    );
  return <Typography.Text type="secondary">—</Typography.Text>;
}

function Statement({ agentId }: { agentId: number | undefined }) {
  const [month, setMonth] = useState(() => chinaMonth(new Date()));
  const q = useCommissionStatement(agentId, month);
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <DatePicker
          picker="month"
          aria-label="月份"
          allowClear={false}
          value={dayjs(`${month}-01`)}
          format="YYYY-MM"
          onChange={(d) => d && setMonth(d.format('YYYY-MM'))}
        />
        <Button icon={<DownloadOutlined />} href={statementCsvUrl(agentId, month)} download data-testid="statement-csv">
          导出 CSV
        </Button>
        <Link to={commissionStatementPrintPath(month, agentId)} target="_blank">
          <Button icon={<PrinterOutlined />}>打印版</Button>
        </Link>
      </Space>
      {q.error ? <LoadError error={q.error} onRetry={() => void q.refetch()} /> : q.data ? <StatementView s={q.data} /> : <Spin />}
    </>
  );
}

export function CommissionsPanel() {
  const op = useOperator().data;
  const agents = useCommissionAgents();
  const [chosen, setChosen] = useState<number | undefined>();
  const [stateFilter, setStateFilter] = useState<WithdrawalStateName | undefined>();
  const [open, setOpen] = useState<Open>(null);
  const ids = useMemo(() => requestIds(), []);
  const own = op?.role === 'agent_admin';
  const items = agents.data?.items ?? [];
  const agentId = own ? items[0]?.agent_id : chosen;
  const agent = items.find((a) => a.agent_id === agentId);
  const settles = allows(op, 'commissions.settle');

  if (agents.error) return <LoadError error={agents.error} onRetry={() => void agents.refetch()} />;
  if (!agents.data) return <Spin />;

  const withdrawals = withdrawalsList(agentId, stateFilter);
  const ledger = commissionLedgerList(agentId);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start" wrap>
          <Space direction="vertical">
            {own ? (
              <Typography.Title level={4} style={{ margin: 0 }}>
                {agent?.nickname} · 佣金
              </Typography.Title>
            ) : (
              <Select
                aria-label="代理"
                allowClear
                placeholder="选择代理（不选：全部代理的提现）"
                style={{ width: 320 }}
                value={chosen}
                onChange={setChosen}
                options={items.map((a) => ({
                  value: a.agent_id,
                  label: `${a.nickname}（${a.mark}）${a.waiting_withdrawals ? ` · 待处理 ${a.waiting_withdrawals}` : ''}`,
                }))}
              />
            )}
            {agent ? <Figures a={agent} /> : <Typography.Text type="secondary">选择代理查看余额、流水与月结单。</Typography.Text>}
          </Space>
          {agent ? (
            <Space wrap>
              {allows(op, 'commissions.withdraw') ? (
                <>
                  <Button
                    type="primary"
                    disabled={agent.withdrawable_fen < 100 || !agent.payout_account}
                    onClick={() => setOpen({ kind: 'withdraw' })}
                  >
                    申请提现
                  </Button>
                  <Button onClick={() => setOpen({ kind: 'account' })}>收款账户</Button>
                  <Button onClick={() => setOpen({ kind: 'wechat' })}>微信扫码绑定收款</Button>
                </>
              ) : null}
              {settles ? <Button onClick={() => setOpen({ kind: 'adjust' })}>调整佣金</Button> : null}
              {allows(op, 'commissions.configure') ? <Button onClick={() => setOpen({ kind: 'settings' })}>佣金设置</Button> : null}
            </Space>
          ) : null}
        </Space>
        {agent ? (
          <Descriptions size="small" column={3} style={{ marginTop: 16 }}>
            <Descriptions.Item label="收款账户">
              {agent.payout_method ? `${PAYOUT_METHOD_LABEL[agent.payout_method]} · ${agent.payee} ${agent.payout_account}` : '未设置'}
            </Descriptions.Item>
            <Descriptions.Item label="冻结期">{agent.holding_days} 天</Descriptions.Item>
            <Descriptions.Item label="余额核对">
              {agent.balance_fen === agent.ledger_sum_fen ? <Tag color="green">余额 = 流水合计</Tag> : <Tag color="red">不一致</Tag>}
            </Descriptions.Item>
          </Descriptions>
        ) : null}
      </Card>
      <Card>
        <Tabs
          items={[
            {
              key: 'withdrawals',
              label: '提现',
              children: (
                <ListPage<CommissionWithdrawal>
                  card={false}
                  name="提现"
                  queryKey={withdrawals.queryKey}
                  fetchPage={withdrawals.fetchPage}
                  empty="没有提现记录"
                  rowKey="id"
                  filters={
                    <Select
                      aria-label="提现状态"
                      allowClear
                      placeholder="全部状态"
                      style={{ width: 160 }}
                      value={stateFilter}
                      onChange={setStateFilter}
                      options={WITHDRAWAL_STATES.map((s) => ({ value: s, label: WITHDRAWAL_STATE_LABEL[s] }))}
                    />
                  }
                  columns={[
                    { title: '提现单号', dataIndex: 'payout_no', width: 130 },
                    ...(own ? [] : [{ title: '代理', dataIndex: 'agent_name', width: 110 }]),
                    { title: '金额', dataIndex: 'amount_fen', width: 110, align: 'right' as const, render: (v: number) => signedYuan(v) },
                    {
                      title: '状态',
                      dataIndex: 'state',
                      width: 120,
                      render: (_: WithdrawalStateName, w) => <StateTag w={w} />,
                    },
                    {
                      title: '收款账户',
                      key: 'account',
                      ellipsis: true,
                      render: (_: unknown, w) => `${PAYOUT_METHOD_LABEL[w.payout_method]} · ${w.payee} ${w.payout_account}`,
                    },
                    {
                      title: '申请时间',
                      dataIndex: 'requested_at',
                      width: 200,
                      render: (v: string, w) =>
                        w.state === 'requested' || w.state === 'approved' ? `${chinaTime(v)}（已等 ${ageOf(v)}）` : chinaTime(v),
                    },
                    {
                      title: '结果',
                      key: 'result',
                      ellipsis: true,
                      render: (_: unknown, w) =>
                        w.payee_confirm ? (
                          <Space size={4} wrap>
                            <PayeeLinkButton w={w} />
                            <Typography.Text type="secondary">截止 {chinaTime(w.payee_confirm.expires_at).slice(5, 16)}</Typography.Text>
                          </Space>
                        ) : inFlight(w) ? (
                          `微信单号 ${w.payout_reference || '—'}`
                        ) : w.state === 'paid' ? (
                          `${PAYOUT_CHANNEL_LABEL[w.payout_channel] ?? w.payout_channel} ${w.payout_reference}`
                        ) : (
                          w.reject_reason || w.failure_reason || '—'
                        ),
                    },
                    ...(settles
                      ? [
                          {
                            title: '操作',
                            key: 'actions',
                            width: 220,
                            render: (_: unknown, w: CommissionWithdrawal) => <WithdrawalActions w={w} ids={ids} open={setOpen} />,
                          },
                        ]
                      : []),
                  ]}
                />
              ),
            },
            {
              key: 'ledger',
              label: '佣金流水',
              children: agentId ? (
                <ListPage<CommissionEntry>
                  card={false}
                  name="佣金流水"
                  queryKey={ledger.queryKey}
                  fetchPage={ledger.fetchPage}
                  empty="还没有佣金流水"
                  rowKey="id"
                  columns={[
                    { title: '时间', dataIndex: 'created_at', width: 170, render: (v: string) => chinaTime(v) },
                    { title: '类型', dataIndex: 'kind', width: 100, render: (v: string) => labelOf(COMMISSION_KIND_LABEL, v) },
                    { title: '订单号', dataIndex: 'order_no', width: 210, render: (v: string) => v || '—' },
                    { title: '摘要', dataIndex: 'note', ellipsis: true },
                    { title: '金额', dataIndex: 'amount_fen', width: 110, align: 'right', render: (v: number) => signedYuan(v) },
                    {
                      title: '可提现时间',
                      dataIndex: 'available_at',
                      width: 190,
                      render: (v: string, r) =>
                        r.kind === 'order' && r.amount_fen > 0
                          ? new Date(v) > new Date()
                            ? `${chinaTime(v)}（冻结中）`
                            : chinaTime(v)
                          : '—',
                    },
                  ]}
                />
              ) : (
                <Empty description="请先选择代理" />
              ),
            },
            {
              key: 'statement',
              label: '月结单',
              children: agentId ? <Statement agentId={own ? undefined : agentId} /> : <Empty description="请先选择代理" />,
            },
          ]}
        />
      </Card>
      {open && agent && open.kind === 'withdraw' ? <WithdrawModal agent={agent} onClose={() => setOpen(null)} /> : null}
      {open && agent && open.kind === 'account' ? <AccountModal agent={agent} onClose={() => setOpen(null)} /> : null}
      {open && agent && open.kind === 'wechat' ? <WechatPayeeModal agent={agent} onClose={() => setOpen(null)} /> : null}
      {open && agent && open.kind === 'adjust' ? <AdjustModal agent={agent} onClose={() => setOpen(null)} /> : null}
      {open && agent && open.kind === 'settings' ? <SettingsModal agent={agent} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'paid' ? <PaidModal w={open.w} requestId={ids(`paid:${open.w.id}`)} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'reject' || open?.kind === 'failed' ? (
        <RejectModal w={open.w} kind={open.kind} requestId={ids(`${open.kind}:${open.w.id}`)} onClose={() => setOpen(null)} />
      ) : null}
    </Space>
  );
}
