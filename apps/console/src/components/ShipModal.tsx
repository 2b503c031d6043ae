// 发货: a carrier and a tracking number (checked at the field), for a device order or a replacement
// card; the page adds its own fields and says what happens once it is shipped.
import type { ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { messageOf } from '../lib/api';
import { fieldsSaidWhy } from '../lib/zodRule';

export interface ShipFields {
  carrier: string;
  tracking_no: string;
}

export interface ShipModalProps<V extends ShipFields> {
  title: ReactNode;
  /** what is shipped to whom, above the fields */
  summary: ReactNode;
  carrierMaxLength: number;
  /** more fields, under the tracking number */
  children?: ReactNode;
  onShip: (values: V) => Promise<unknown>;
  /** after the server said yes, before the modal closes */
  onShipped: () => void;
  onClose: () => void;
}

export function ShipModal<V extends ShipFields>(p: ShipModalProps<V>) {
  const [form] = Form.useForm<V>();
  const m = useMutation({
    mutationFn: p.onShip,
    onSuccess: () => {
      p.onShipped();
      p.onClose();
    },
  });
  return (
    <Modal
      open
      title={p.title}
      okText="确认发货"
      cancelText="取消"
      okButtonProps={{ loading: m.isPending }}
      onCancel={p.onClose}
      onOk={() => form.validateFields().then((v) => m.mutate(v), fieldsSaidWhy)}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{p.summary}</Typography.Paragraph>
      {m.error ? <Alert type="error" showIcon title={messageOf(m.error)} style={{ marginBottom: 12 }} /> : null}
      <Form form={form} layout="vertical">
        <Form.Item name="carrier" label="快递公司" rules={[{ required: true, whitespace: true, message: '请填写快递公司' }]}>
          <Input maxLength={p.carrierMaxLength} placeholder="如：顺丰速运" />
        </Form.Item>
        <Form.Item
          name="tracking_no"
          label="快递单号"
          rules={[
            { required: true, whitespace: true, message: '请填写快递单号' },
            { pattern: /^[A-Za-z0-9-]{6,32}$/, message: '快递单号为 6–32 位字母或数字' },
          ]}
        >
          <Input maxLength={32} />
        </Form.Item>
        {p.children}
      </Form>
    </Modal>
  );
}
