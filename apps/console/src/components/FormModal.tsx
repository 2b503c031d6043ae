// The modal of a form that saves a row (a series, a package, a price…): 保存 / 取消, the server's
// refusal above the fields (the modal stays open), the page's fields and, last, the reason every
// change asks for.
import type { CSSProperties, ReactNode } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import type { FormInstance } from 'antd';
import { messageOf } from '../lib/api';
import { REASON_RULES } from '../lib/zodRule';

/** What FormModal needs of the save: a react-query mutation fits. */
export interface Save<V> {
  mutate: (values: V) => void;
  isPending: boolean;
  error: unknown;
}

export interface FormModalProps<V> {
  title: ReactNode;
  width?: number;
  form: FormInstance<V>;
  initialValues: object;
  save: Save<V>;
  onClose: () => void;
  reasonLabel?: string;
  /** the fields, above the reason */
  children: ReactNode;
}

export function FormModal<V>(p: FormModalProps<V>) {
  return (
    <Modal
      open
      width={p.width}
      title={p.title}
      okText="保存"
      cancelText="取消"
      onCancel={p.onClose}
      confirmLoading={p.save.isPending}
      onOk={() => p.form.submit()}
    >
      {p.save.error ? <Alert type="error" showIcon title={messageOf(p.save.error)} style={{ marginBottom: 16 }} /> : null}
      <Form form={p.form} layout="vertical" initialValues={p.initialValues} onFinish={(v: V) => p.save.mutate(v)}>
        {p.children}
        <Form.Item name="reason" label={p.reasonLabel ?? '原因'} rules={REASON_RULES}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A short name or title: required, at most 40 characters. */
export function NameField({
  name = 'name',
  label,
  required,
  style,
}: {
  name?: string;
  label: string;
  required: string;
  style?: CSSProperties;
}) {
  return (
    <Form.Item
      name={name}
      label={label}
      rules={[
        { required: true, message: required },
        { max: 40, message: '最多 40 字' },
      ]}
      style={style}
    >
      <Input />
    </Form.Item>
  );
}

/** 说明: at most 200 characters. */
export function DescriptionField() {
  return (
    <Form.Item name="description" label="说明" rules={[{ max: 200, message: '最多 200 字' }]}>
      <Input.TextArea rows={2} />
    </Form.Item>
  );
}
