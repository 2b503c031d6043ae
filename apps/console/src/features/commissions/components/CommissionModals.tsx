// The commission area's forms: 申请提现 (agent administrator), 收款账户 with the agent's SMS code,
// 登记打款 (the payout's reference), and — through the console's ReasonModal — 驳回, 打款失败, 调整佣金
// and 冻结期设置, each with its reason. Money is typed in yuan and sent in fen; a form that moves
// money makes its request id once when it opens, so a double click acts once.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { PAYOUT_METHOD_LABEL } from '@portal/contract/admin';
import { messageOf, newRequestKey } from '../../../lib/api';
import { yuan } from '../../../lib/format';
import { sayHeld } from '../../../lib/heldForApproval';
import { ReasonModal } from '../../../components/ReasonModal';
import {
  adjustCommission,
  invalidateCommissions,
  recordPayout,
  recordPayoutFailed,
  rejectWithdrawal,
  requestWithdrawal,
  saveCommissionSettings,
  savePayoutAccount,
  sendAccountCode,
} from '../api/changes';
import type { CommissionAgent } from '../api/getAgents';
import { SmsCodeField } from './SmsCodeField';
import type { CommissionWithdrawal } from '../api/getWithdrawals';
import { fenOf, withdrawAmountProblem } from '../model/amount';

// not crypto.randomUUID: a console served over plain http on a LAN address has no randomUUID
const newId = (what: string) => `${what}-${newRequestKey()}`;

/** A plain form in a modal: 确定 waits for the server, a refusal shows above the fields until one changes. */
function ActionModal<V>(p: {
  title: string;
  okText: string;
  onConfirm: (v: V) => Promise<unknown>;
  onDone: () => void;
  onClose: () => void;
  children: React.ReactNode;
  initialValues?: Partial<V>;
  intro?: React.ReactNode;
}) {
  const [form] = Form.useForm<V>();
  const m = useMutation({ mutationFn: p.onConfirm, onSuccess: () => (p.onDone(), p.onClose()) });
  return (
    <Modal
      open
      title={p.title}
      okText={p.okText}
      cancelText="取消"
      okButtonProps={{ loading: m.isPending }}
      onCancel={p.onClose}
      onOk={() =>
        form.validateFields().then(
          (v) => m.mutate(v),
          () => undefined,
        )
      }
      destroyOnHidden
    >
      {p.intro}
      {m.error ? <Alert type="error" showIcon title={messageOf(m.error)} style={{ marginBottom: 12 }} /> : null}
      {/* the refusal answered what was sent: a field changed since (the code typed again) clears it */}
      <Form form={form} layout="vertical" initialValues={p.initialValues} preserve={false} onValuesChange={() => m.error && m.reset()}>
        {p.children}
      </Form>
    </Modal>
  );
}

export function WithdrawModal({ agent, onClose }: { agent: CommissionAgent; onClose: () => void }) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [requestId] = useState(() => newId('wd'));
  return (
    <ActionModal<{ amount: number }>
      title="申请提现"
      okText="提交申请"
      intro={
        <Typography.Paragraph>
          可提现 <b>{yuan(agent.withdrawable_fen)}</b>，打到收款账户：{PAYOUT_METHOD_LABEL[agent.payout_method]} · {agent.payee}{' '}
          {agent.payout_account}。提交后等待财务审核。
        </Typography.Paragraph>
      }
      onConfirm={(v) => requestWithdrawal(agent.agent_id, fenOf(v.amount)!, requestId)}
      onDone={() => {
        void message.success('提现申请已提交，等待财务审核');
        void invalidateCommissions(qc);
      }}
      onClose={onClose}
    >
      <Form.Item
        name="amount"
        label="提现金额（元）"
        rules={[
          {
            validator: (_r, v: number | null) => {
              const problem = withdrawAmountProblem(v, agent.withdrawable_fen);
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
            },
          },
        ]}
      >
        <InputNumber style={{ width: 220 }} precision={2} step={10} placeholder={`最多 ${(agent.withdrawable_fen / 100).toFixed(2)}`} />
      </Form.Item>
    </ActionModal>
  );
}

export function AccountModal({ agent, onClose }: { agent: CommissionAgent; onClose: () => void }) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [sent, setSent] = useState<string | null>(null);
  const send = useMutation({ mutationFn: () => sendAccountCode(agent.agent_id), onSuccess: (a) => setSent(a.mobile) });
  return (
    <ActionModal<{ payout_method: number; payee: string; payout_account: string; sms_code: string }>
      title="修改收款账户"
      okText="保存账户"
      initialValues={{ payout_method: agent.payout_method || 1, payee: agent.payee }}
      intro={<Typography.Paragraph type="secondary">修改收款账户须代理登记手机号的短信验证码，修改记入审计日志。</Typography.Paragraph>}
      onConfirm={(v) => savePayoutAccount(agent.agent_id, v)}
      onDone={() => {
        void message.success('收款账户已修改');
        void invalidateCommissions(qc);
      }}
      onClose={onClose}
    >
      <Form.Item name="payout_method" label="收款方式" rules={[{ required: true, message: '请选择收款方式' }]}>
        <Select style={{ width: 220 }} options={[1, 2, 3].map((m) => ({ value: m, label: PAYOUT_METHOD_LABEL[m] }))} />
      </Form.Item>
      <Form.Item
        name="payee"
        label="收款人姓名"
        rules={[{ required: true, min: 2, max: 40, whitespace: true, message: '收款人姓名须为 2–40 个字' }]}
      >
        <Input maxLength={40} />
      </Form.Item>
      <Form.Item name="payout_account" label="收款账号" rules={[{ required: true, whitespace: true, message: '请填写收款账号' }]}>
        <Input maxLength={64} placeholder="银行卡号或支付宝账号（微信零钱请用「微信扫码绑定收款」）" />
      </Form.Item>
      <SmsCodeField send={send} sent={sent} />
    </ActionModal>
  );
}

export function PaidModal({ w, requestId, onClose }: { w: CommissionWithdrawal; requestId: string; onClose: () => void }) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  return (
    <ActionModal<{ reference: string }>
      title={`登记打款：${w.payout_no}`}
      okText="确认已打款"
      intro={
        <Typography.Paragraph>
          {yuan(w.amount_fen)} → {PAYOUT_METHOD_LABEL[w.payout_method]} · {w.payee} {w.payout_account}
        </Typography.Paragraph>
      }
      onConfirm={(v) => recordPayout(w.id, v.reference.trim(), requestId)}
      onDone={() => {
        void message.success('打款已登记');
        void invalidateCommissions(qc);
      }}
      onClose={onClose}
    >
      <Form.Item
        name="reference"
        label="打款流水号"
        rules={[{ required: true, min: 4, max: 64, whitespace: true, message: '打款流水号须为 4–64 位' }]}
      >
        <Input maxLength={64} placeholder="银行或支付宝的转账流水号" />
      </Form.Item>
    </ActionModal>
  );
}

export function RejectModal({
  w,
  kind,
  requestId,
  onClose,
}: {
  w: CommissionWithdrawal;
  kind: 'reject' | 'failed';
  requestId: string;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  return (
    <ReasonModal<{ reason: string }>
      title={`${kind === 'reject' ? '驳回提现' : '登记打款失败'}：${w.payout_no}`}
      okText={kind === 'reject' ? '驳回' : '登记失败'}
      danger
      intro={<Typography.Paragraph>{yuan(w.amount_fen)} 将退回代理佣金余额。</Typography.Paragraph>}
      reasonLabel={kind === 'reject' ? '驳回原因' : '失败原因'}
      onConfirm={(v) => (kind === 'reject' ? rejectWithdrawal(w.id, v.reason, requestId) : recordPayoutFailed(w.id, v.reason, requestId))}
      onDone={() => {
        void message.success(kind === 'reject' ? '已驳回，金额已退回' : '已登记打款失败，金额已退回');
        void invalidateCommissions(qc);
      }}
      onClose={onClose}
    />
  );
}

export function AdjustModal({ agent, onClose }: { agent: CommissionAgent; onClose: () => void }) {
  const qc = useQueryClient();
  const { message, modal } = App.useApp();
  const [requestId] = useState(() => newId('adj'));
  return (
    <ReasonModal<{ amount: number; reason: string }>
      title={`调整佣金：${agent.nickname}`}
      okText="确认调整"
      reasonLabel="调整原因"
      onConfirm={(v) => adjustCommission(agent.agent_id, fenOf(v.amount)!, v.reason, requestId)}
      onDone={(a) => {
        // above the commission adjustment limit it waits in 超限审批
        if (!sayHeld(modal, a)) void message.success('佣金已调整');
        void invalidateCommissions(qc);
      }}
      onClose={onClose}
    >
      <Form.Item
        name="amount"
        label="调整金额（元，正数增加、负数扣减）"
        rules={[
          { required: true, message: '请填写调整金额' },
          { validator: (_r, v: number | null) => (v === 0 ? Promise.reject(new Error('调整金额不能为 0')) : Promise.resolve()) },
          { type: 'number', min: -50000, max: 50000, message: '单次调整不能超过 50000 元' },
        ]}
      >
        <InputNumber style={{ width: 220 }} precision={2} step={1} />
      </Form.Item>
    </ReasonModal>
  );
}

export function SettingsModal({ agent, onClose }: { agent: CommissionAgent; onClose: () => void }) {
  const qc = useQueryClient();
  const { message, modal } = App.useApp();
  return (
    <ReasonModal<{ holding_days: number; verify_mobile: string; reason: string }>
      title={`佣金设置：${agent.nickname}`}
      okText="保存"
      initialValues={{ holding_days: agent.holding_days }}
      onConfirm={(v) => saveCommissionSettings(agent.agent_id, v.holding_days, v.verify_mobile.trim(), v.reason)}
      onDone={(a) => {
        // a new verification mobile waits for a second platform administrator
        if (!sayHeld(modal, a)) void message.success('佣金设置已保存');
        void invalidateCommissions(qc);
      }}
      onClose={onClose}
    >
      <Form.Item
        name="holding_days"
        label="冻结期（天，订单佣金满该天数后可提现）"
        rules={[{ required: true, type: 'number', min: 0, max: 90, message: '冻结期须为 0–90 天的整数' }]}
      >
        <InputNumber style={{ width: 220 }} precision={0} min={0} max={90} />
      </Form.Item>
      <Form.Item
        name="verify_mobile"
        label="收款账户验证手机号"
        rules={[{ required: true, pattern: /^1\d{10}$/, message: '验证手机号须为 11 位手机号' }]}
      >
        <Input maxLength={11} style={{ width: 220 }} />
      </Form.Item>
    </ReasonModal>
  );
}
