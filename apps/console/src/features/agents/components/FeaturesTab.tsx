// 功能开关: which parts of the portal the agent's card holders see.
import { Alert, Button, Form, Input, Switch } from 'antd';
import { FEATURE_LABEL, type FeatureSwitches } from '@portal/contract/admin';
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
      {(Object.keys(FEATURE_LABEL) as (keyof FeatureSwitches)[]).map((k) => (
        <Form.Item key={k} name={k} label={FEATURE_LABEL[k]} valuePropName="checked">
          <Switch />
        </Form.Item>
      ))}
      <Form.Item name="reason" label="修改原因" rules={REASON_RULES}>
        <Input.TextArea rows={2} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={m.isPending}>
        保存功能开关
      </Button>
    </Form>
  );
}
