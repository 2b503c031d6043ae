// The console's one confirmation of a change that needs a reason (docs/decisions/0018: money and state changes
// carry one, 2–200 characters): what is about to happen, the page's own fields if any, the reason
// checked at the field, and a confirm button that waits for the server. A refusal is shown in the
// modal, which stays open.
import { useRef, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Input, Modal } from 'antd';
import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { messageOf } from '../lib/api';
import { fieldsSaidWhy, REASON_RULES } from '../lib/zodRule';

export interface ReasonModalProps<V extends { reason: string }> {
  title: ReactNode;
  okText: string;
  /** a destructive or money action: a red confirm button */
  danger?: boolean;
  /** what the action does, above the fields */
  intro?: ReactNode;
  /** more fields of the same form, above the reason */
  children?: ReactNode;
  reasonLabel?: string;
  reasonPlaceholder?: string;
  /** false: the reason may be empty (a reason is asked only for some choices) */
  reasonRequired?: boolean;
  initialValues?: Partial<V>;
  form?: FormInstance<V>;
  /** runs the change; the modal closes when it succeeds */
  onConfirm: (values: V) => Promise<unknown>;
  onDone?: (answer: unknown) => void;
  onClose: () => void;
}

/** The reason's rules, said in the field's own words: 请填写退款原因 under 退款原因. */
export function reasonRules(label: string): Rule[] {
  return [{ ...REASON_RULES[0], message: `请填写${label.replace(/（.*）$/, '')}` }, ...REASON_RULES.slice(1)];
}

export function ReasonModal<V extends { reason: string }>(p: ReasonModalProps<V>) {
  const [own] = Form.useForm<V>();
  const label = p.reasonLabel ?? '原因';
  const form = p.form ?? own;
  // A double click reaches onOk twice before the first validation ends (and so before isPending):
  // one confirmation at a time, so the change is asked once and its 已… toast shown once.
  const confirming = useRef(false);
  const m = useMutation({
    mutationFn: (v: V) => p.onConfirm({ ...v, reason: (v.reason ?? '').trim() }),
    onSuccess: (answer) => {
      p.onDone?.(answer);
      p.onClose();
    },
    onSettled: () => {
      confirming.current = false;
    },
  });
  const confirm = () => {
    if (confirming.current) return;
    confirming.current = true;
    form.validateFields().then(
      (v) => m.mutate(v as V),
      () => {
        confirming.current = false;
        fieldsSaidWhy();
      },
    );
  };
  return (
    <Modal
      open
      title={p.title}
      okText={p.okText}
      cancelText="取消"
      okButtonProps={{ danger: p.danger, loading: m.isPending }}
      onCancel={p.onClose}
      onOk={confirm}
      destroyOnHidden
    >
      {p.intro}
      {m.error ? <Alert type="error" showIcon title={messageOf(m.error)} style={{ marginBottom: 12 }} /> : null}
      {/* its own name: field ids (reason_…) must not clash with the page's form behind the modal */}
      <Form form={form} name="reason-modal" layout="vertical" initialValues={p.initialValues} preserve={false}>
        {p.children}
        <Form.Item
          name="reason"
          label={label}
          rules={p.reasonRequired === false ? [{ max: 200, message: '原因最多 200 字' }] : reasonRules(label)}
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={p.reasonPlaceholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
