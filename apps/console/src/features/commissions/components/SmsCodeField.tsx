// The agent's SMS code for a payout change (收款账户, 微信扫码绑定): the field, its send button and
// what the send answered — one block for both forms that ask it.
import { Alert, Button, Form, Input, Space, Typography } from 'antd';
import { messageOf } from '../../../lib/api';

export function SmsCodeField({
  send,
  sent,
}: {
  send: { mutate(): void; isPending: boolean; error: unknown };
  sent: string | null | undefined;
}) {
  return (
    <>
      <Form.Item label="短信验证码" required>
        <Space.Compact>
          <Form.Item name="sms_code" noStyle rules={[{ required: true, pattern: /^\d{6}$/, message: '短信验证码为 6 位数字' }]}>
            <Input aria-label="短信验证码" style={{ width: 160 }} maxLength={6} inputMode="numeric" />
          </Form.Item>
          <Button onClick={() => send.mutate()} loading={send.isPending}>
            {sent ? '重新获取' : '获取验证码'}
          </Button>
        </Space.Compact>
      </Form.Item>
      {sent ? <Typography.Text type="secondary">验证码已发送至 {sent}</Typography.Text> : null}
      {send.error ? <Alert type="error" showIcon title={messageOf(send.error)} /> : null}
    </>
  );
}
