// 支付: the agent's pay channels; the platform administrator's to change, read-only for an agent administrator.
// Each pay type is said in words; with every channel off the form warns at once and asks again on 保存.
import { Alert, App, Button, Form, Input, InputNumber, Select, Switch, Typography } from 'antd';
import { messageOf } from '../../../lib/api';
import { REASON_RULES, toYuan } from '../../../lib/zodRule';
import type { AgentDetail as Detail } from '../api/getAgents';
import { useSavePay } from '../api/savePay';
import { NO_PAYMENT_WARNING, noOnlinePayment, PAY_TYPE, type PayFields } from '../model/payForm';

const TYPE_WIDTH = 420;

export function PayTab({ detail }: { detail: Detail }) {
  const [form] = Form.useForm<PayFields>();
  const { modal } = App.useApp();
  const m = useSavePay(detail.id);
  const readOnly = !detail.can_edit_pay;
  const switches = Form.useWatch((v) => ({ wechat_pay: v.wechat_pay, ali_pay: v.ali_pay, ant_credit_pay: v.ant_credit_pay }), form);
  const noPayment = noOnlinePayment(switches ?? detail.pay);
  const save = (v: PayFields) => {
    if (!noOnlinePayment(v)) return m.mutate(v);
    modal.confirm({
      title: '关闭全部在线支付方式？',
      content: NO_PAYMENT_WARNING,
      okText: '仍然保存',
      cancelText: '返回修改',
      onOk: () => m.mutate(v),
    });
  };
  return (
    <Form
      form={form}
      layout="horizontal"
      labelCol={{ span: 6 }}
      disabled={readOnly}
      initialValues={{ ...detail.pay, ant_credit_min_yuan: toYuan(detail.pay.ant_credit_min_money_fen) }}
      onFinish={save}
    >
      {readOnly ? <Alert type="info" showIcon title="支付设置由平台管理员维护，代理管理员只能查看" style={{ marginBottom: 16 }} /> : null}
      {m.error ? <Alert type="error" showIcon title={messageOf(m.error)} style={{ marginBottom: 16 }} /> : null}
      {noPayment ? (
        <Alert type="warning" showIcon title={NO_PAYMENT_WARNING} style={{ marginBottom: 16 }} data-testid="no-payment" />
      ) : null}
      <Form.Item name="wechat_pay" label="微信支付" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="wechat_pay_type" label="微信支付方式（浏览器中）">
        <Select options={PAY_TYPE} style={{ width: TYPE_WIDTH }} />
      </Form.Item>
      <Form.Item name="official_pay_type" label="公众号支付方式（微信内）">
        <Select options={PAY_TYPE} style={{ width: TYPE_WIDTH }} />
      </Form.Item>
      <Form.Item name="ali_pay" label="支付宝" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item
        name="ali_pay_type"
        label="支付宝支付方式"
        extra={
          <Typography.Text type="secondary">
            目前门户统一通过平台配置的支付网关收款（微信内为公众号支付，浏览器中为 H5
            支付，支付宝为手机网站支付）；支付方式随代理设置保存，暂不改变用户的付款页面。
          </Typography.Text>
        }
      >
        <Select options={PAY_TYPE} style={{ width: TYPE_WIDTH }} />
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
