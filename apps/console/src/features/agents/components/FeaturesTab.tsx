// 功能开关: which parts of the portal the agent's card holders see, and how long after payment they may
// ask online for a refund of an unused package (docs/decisions/0045).
import { Alert, Button, Form, Input, InputNumber, Switch } from 'antd';
import { FEATURE_LABEL } from '@portal/contract/admin';
import { messageOf } from '../../../lib/api';
import { REASON_RULES } from '../../../lib/zodRule';
import type { AgentDetail as Detail } from '../api/getAgents';
import { useSaveFeatures } from '../api/saveFeatures';

export function FeaturesTab({ detail }: { detail: Detail }) {
  const [form] = Form.useForm();
  const m = useSaveFeatures(detail.id);
  return (
    <Form form={form} layout="horizontal" labelCol={{ span: 6 }} initialValues={detail.features} onFinish={(v) => m.mutate(v)}>
      {m.error ? <Alert type="error" showIcon title={messageOf(m.error)} style={{ marginBottom: 16 }} /> : null}
      {(Object.keys(FEATURE_LABEL) as (keyof typeof FEATURE_LABEL)[]).map((k) => (
        <Form.Item key={k} name={k} label={FEATURE_LABEL[k]} valuePropName="checked">
          <Switch />
        </Form.Item>
      ))}
      <Form.Item
        name="refund_request_days"
        label="在线申请退款期限（天）"
        extra="支付后多少天内，未使用的套餐可在订单页申请退款（进入后台退款申请队列）；0 为不开放在线申请"
        rules={[
          { required: true, message: '请填写退款申请期限' },
          { type: 'number', min: 0, max: 90, message: '退款申请期限为 0–90 天' },
        ]}
      >
        <InputNumber precision={0} min={0} max={90} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="reason" label="修改原因" rules={REASON_RULES}>
        <Input.TextArea rows={2} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={m.isPending}>
        保存功能开关
      </Button>
    </Form>
  );
}
