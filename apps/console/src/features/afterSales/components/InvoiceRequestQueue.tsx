// 发票申请: holders' electronic invoice requests (docs/decisions/0045), in the one queue shape
// (./RequestQueue). 登记开票 records the invoice number (the holder sees it on the order);
// 驳回 needs a reason the holder reads, after which they may ask again.
import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Tag, Typography } from 'antd';
import type { TableColumnType } from 'antd';
import type { InvoiceRequestStatus as Status } from '@portal/contract/patterns/afterSales';
import { messageOf } from '../../../lib/api';
import { yuan } from '../../../lib/format';
import { fieldsSaidWhy } from '../../../lib/zodRule';
import { invoiceRequestList, issueInvoice, rejectInvoice, type InvoiceRequest as Row } from '../api/requests';
import { INVOICE_REQUEST_STATES as STATUS, TITLE_TYPE_LABEL } from '../model/states';
import { answerNote, rejection, RequestQueue, type QueueDecision, type QueueKind } from './RequestQueue';
import { Sub } from './Sub';

/** 登记开票: the invoice number, checked at the field; the confirm button waits for the server, a refusal shows in the modal. */
function IssueModal({ row, onDone, onClose }: { row: Row; onDone: () => void; onClose: () => void }) {
  const [form] = Form.useForm<{ invoice_no: string }>();
  const m = useMutation({
    mutationFn: (v: { invoice_no: string }) => issueInvoice(row.id, v.invoice_no.trim()),
    onSuccess: () => {
      onDone();
      onClose();
    },
  });
  return (
    <Modal
      open
      title={`登记开票：${row.order_no}`}
      okText="确认登记"
      cancelText="取消"
      okButtonProps={{ loading: m.isPending }}
      onCancel={onClose}
      onOk={() => form.validateFields().then((v) => m.mutate(v), fieldsSaidWhy)}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {TITLE_TYPE_LABEL[row.title_type]}抬头「{row.title}」{row.tax_no ? `，税号 ${row.tax_no}` : ''}，金额 {yuan(row.amount_fen)}，发送至{' '}
        {row.email}。
      </Typography.Paragraph>
      {m.error ? <Alert type="error" showIcon title={messageOf(m.error)} style={{ marginBottom: 12 }} /> : null}
      <Form form={form} name="invoice-issue" layout="vertical" preserve={false}>
        <Form.Item
          name="invoice_no"
          label="发票号码"
          rules={[
            { required: true, whitespace: true, message: '请填写发票号码' },
            { pattern: /^\s*\d{8,20}\s*$/, message: '发票号码应为 8–20 位数字' },
          ]}
        >
          <Input maxLength={20} placeholder="8–20 位数字" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const invoiceTitle = (title: string, r: Row) => (
  <>
    <Tag>{TITLE_TYPE_LABEL[r.title_type] ?? r.title_type}</Tag>
    {title}
    {r.tax_no ? <Sub>税号 {r.tax_no}</Sub> : null}
  </>
);

const columns: TableColumnType<Row>[] = [
  { title: '抬头', dataIndex: 'title', render: invoiceTitle },
  { title: '邮箱', dataIndex: 'email', width: 170, ellipsis: true },
  { title: '开票金额', dataIndex: 'amount_fen', width: 90, render: (f: number) => yuan(f) },
];

const stateNotes = (r: Row) => [r.invoice_no ? <Sub key="no">发票号码 {r.invoice_no}</Sub> : null, answerNote(r)];

const decisions: QueueDecision<Row>[] = [
  { label: '登记开票', doneText: '已登记开票', dialog: (row, d) => <IssueModal row={row} onDone={d.onDone} onClose={d.onClose} /> },
  rejection<Row>('发票申请', '如：单位名称与税号不符', rejectInvoice),
];

const invoices: QueueKind<Row, Status> = { name: '发票申请', states: STATUS, list: invoiceRequestList, columns, stateNotes, decisions };

export function InvoiceRequestQueue({ canDecide }: { canDecide: boolean }) {
  return <RequestQueue kind={invoices} canDecide={canDecide} />;
}
