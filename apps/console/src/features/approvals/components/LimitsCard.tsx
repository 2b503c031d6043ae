// 限额设置: the figures above which a write waits for a second approver. The platform administrator
// changes them with a reason (audited); everyone else who makes such writes reads them here. Loosening
// any of them waits for a second platform administrator (docs/decisions/0056); tightening is at once.
import { App, Alert, Button, Descriptions, Form, Input, InputNumber, Skeleton } from 'antd';
import { WRITE_LIMIT_LABEL } from '@portal/domain';
import { messageOf } from '../../../lib/api';
import { sayHeld } from '../../../lib/heldForApproval';
import { REASON_RULES } from '../../../lib/zodRule';
import { yuan } from '../../../lib/format';
import { useSaveLimits, useWriteLimits, type WriteLimits } from '../api/approvals';
import { limitsBody, limitsInitial, type LimitsFields } from '../model/limitsForm';

const YUAN_FIELDS = [
  ['voucher_amount', 'voucher_amount_fen'],
  ['voucher_batch_total', 'voucher_batch_total_fen'],
  ['balance_adjust', 'balance_adjust_fen'],
  ['retail_price', 'retail_price_fen'],
  ['commission_adjust', 'commission_adjust_fen'],
  ['refund', 'refund_fen'],
] as const;

export function LimitsCard({ canManage }: { canManage: boolean }) {
  const limits = useWriteLimits();
  if (limits.error) return <Alert type="error" showIcon title={messageOf(limits.error)} />;
  if (!limits.data) return <Skeleton active />;
  return canManage ? <LimitsForm limits={limits.data} /> : <LimitsRead limits={limits.data} />;
}

function LimitsRead({ limits }: { limits: WriteLimits }) {
  return (
    <Descriptions column={1} bordered style={{ maxWidth: 560 }}>
      {YUAN_FIELDS.map(([, k]) => (
        <Descriptions.Item key={k} label={WRITE_LIMIT_LABEL[k]}>
          {yuan(limits[k])}
        </Descriptions.Item>
      ))}
      <Descriptions.Item label={WRITE_LIMIT_LABEL.voucher_valid_days}>{limits.voucher_valid_days} 天</Descriptions.Item>
      <Descriptions.Item label={WRITE_LIMIT_LABEL.payout_change_days}>{limits.payout_change_days} 天</Descriptions.Item>
    </Descriptions>
  );
}

function LimitsForm({ limits }: { limits: WriteLimits }) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<LimitsFields>();
  const save = useSaveLimits((answer) => {
    if (sayHeld(modal, answer)) form.setFieldsValue(limitsInitial(limits));
    else void message.success('限额已保存');
    form.setFieldValue('reason', '');
  });
  return (
    <Form<LimitsFields>
      form={form}
      layout="vertical"
      style={{ maxWidth: 560 }}
      initialValues={limitsInitial(limits)}
      onFinish={(v) => save.mutate(limitsBody(v))}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="超过以下任一限额的发券、余额调整、佣金调整和调价不会直接生效，而是提交审批，由另一位管理员通过后执行。调低限额立即生效；调高任一限额（或缩短下方天数）需另一位平台管理员审批。"
      />
      {save.error ? <Alert type="error" showIcon title={messageOf(save.error)} style={{ marginBottom: 16 }} /> : null}
      {YUAN_FIELDS.map(([name, k]) => (
        <Form.Item
          key={name}
          name={name}
          label={`${WRITE_LIMIT_LABEL[k]}（元）`}
          rules={[
            { required: true, message: `请填写${WRITE_LIMIT_LABEL[k]}` },
            { type: 'number', min: 0.01, message: '至少 0.01 元' },
          ]}
        >
          <InputNumber precision={2} style={{ width: 200 }} />
        </Form.Item>
      ))}
      <Form.Item
        name="voucher_valid_days"
        label={`${WRITE_LIMIT_LABEL.voucher_valid_days}（天）`}
        rules={[
          { required: true, message: '请填写券有效天数上限' },
          { type: 'number', min: 1, max: 3650, message: '天数为 1–3650 天' },
        ]}
      >
        <InputNumber precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        name="payout_change_days"
        label={`${WRITE_LIMIT_LABEL.payout_change_days}（天）`}
        extra="修改过代理收款账户或验证手机的人，在此天数内不能审核该代理的提现"
        rules={[
          { required: true, message: '请填写天数' },
          { type: 'number', min: 1, max: 90, message: '天数为 1–90 天' },
        ]}
      >
        <InputNumber precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="reason" label="修改原因" rules={REASON_RULES}>
        <Input.TextArea rows={2} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存限额
      </Button>
    </Form>
  );
}
