// 支付: the agent's pay channels; the platform administrator's to change, read-only for an agent administrator.
import { Alert, Button, Form, Input, InputNumber, Select, Switch } from 'antd';
import { messageOf } from '../../../lib/api';
import { REASON_RULES, toYuan } from '../../../lib/zodRule';
import type { AgentDetail as Detail } from '../api/getAgents';
import { useSavePay } from '../api/savePay';
import { PAY_TYPE, type PayFields } from '../model/payForm';

export function PayTab({ detail }: { detail: Detail }) {
  const [form] = Form.useForm<PayFields>();
  const m = useSavePay(detail.id);
  const readOnly = !detail.can_edit_pay;
  return (
    <Form
      form={form}
      layout="horizontal"
      labelCol={{ span: 6 }}
      disabled={readOnly}
      initialValues={{ ...detail.pay, ant_credit_min_yuan: toYuan(detail.pay.ant_credit_min_money_fen) }}
      onFinish={(v) => m.mutate(v)}
    >
      {readOnly ? <Alert type="info" showIcon title="支付设置由平台管理员维护，代理管理员只能查看" style={{ marginBottom: 16 }} /> : null}
      {m.error ? <Alert type="error" showIcon title={messageOf(m.error)} style={{ marginBottom: 16 }} /> : null}
      <Form.Item name="wechat_pay" label="微信支付" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="wechat_pay_type" label="微信支付方式">
        <Select options={PAY_TYPE} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="official_pay_type" label="公众号支付方式">
        <Select options={PAY_TYPE} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="ali_pay" label="支付宝" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="ali_pay_type" label="支付宝支付方式">
        <Select options={PAY_TYPE} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="ant_credit_pay" label="花呗分期" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="ant_credit_min_yuan" label="分期最低金额（元）" rules={[{ type: 'number', min: 0, message: '金额不能为负数' }]}>
        <InputNumber min={0} precision={2} style={{ width: 200 }} />
      </Form.Item>
      {readOnly ? null : (
        <>
          <Form.Item name="reason" label="修改原因" rules={REASON_RULES}>
            <Input.TextArea rows={2} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={m.isPending}>
            保存支付设置
          </Button>
        </>
      )}
    </Form>
  );
}
