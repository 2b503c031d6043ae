// 发票申请: holders' electronic invoice requests (docs/decisions/0045), oldest first, in the
// operator's agent scope. 登记开票 records the invoice number (the holder sees it on the order);
// 驳回 needs a reason the holder reads, after which they may ask again.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import { fieldsSaidWhy } from '../../../lib/zodRule';
import { messageOf } from '../../../lib/api';
import type { InvoiceRequestStatus as Status } from '@portal/contract/patterns/afterSales';
import { ageColumn, StateFilter, tagOf } from '../../../components/columns';
import { ListPage } from '../../../components/ListPage';
import { ReasonModal } from '../../../components/ReasonModal';
import { yuan } from '../../../lib/format';
import { orderPath } from '../../../lib/paths';
import { Link } from 'react-router';
import { invalidateAfterSales, invoiceRequestList, issueInvoice, rejectInvoice, type InvoiceRequest as Row } from '../api/requests';
import { INVOICE_REQUEST_STATES as STATUS, TITLE_TYPE_LABEL } from '../model/states';
import { Sub } from './Sub';

const statusTag = tagOf(STATUS);

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

export function InvoiceRequestQueue({ canDecide }: { canDecide: boolean }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [status, setStatus] = useState<Status | undefined>('open');
  const [issuing, setIssuing] = useState<Row | null>(null);
  const [rejecting, setRejecting] = useState<Row | null>(null);
  return (
    <>
      <ListPage<Row>
        name="发票申请"
        card={false}
        {...invoiceRequestList(status)}
        empty="没有发票申请"
        filters={<StateFilter<Status> states={STATUS} value={status} onChange={setStatus} />}
        rowKey="id"
        columns={[
          { title: '订单号', dataIndex: 'order_no', width: 190, render: (o: string) => <Link to={orderPath(o)}>{o}</Link> },
          { title: '卡号', dataIndex: 'custom_num', width: 110 },
          {
            title: '抬头',
            dataIndex: 'title',
            render: (t: string, r) => (
              <>
                <Tag>{TITLE_TYPE_LABEL[r.title_type] ?? r.title_type}</Tag>
                {t}
                {r.tax_no ? <Sub>税号 {r.tax_no}</Sub> : null}
              </>
            ),
          },
          { title: '邮箱', dataIndex: 'email', width: 170, ellipsis: true },
          { title: '开票金额', dataIndex: 'amount_fen', width: 90, render: (f: number) => yuan(f) },
          {
            title: '状态',
            dataIndex: 'status',
            width: 170,
            render: (s: string, r) => (
              <>
                {statusTag(s)}
                {r.invoice_no ? <Sub>发票号码 {r.invoice_no}</Sub> : null}
                {r.answer ? <Sub>{r.answer}</Sub> : null}
              </>
            ),
          },
          ageColumn<Row>(),
          {
            title: '操作',
            key: 'op',
            width: 150,
            render: (_v, r) =>
              r.status !== 'open' ? (
                <Typography.Text type="secondary">已处理</Typography.Text>
              ) : canDecide ? (
                <Space size={0}>
                  <Button type="link" onClick={() => setIssuing(r)}>
                    登记开票
                  </Button>
                  <Button type="link" danger onClick={() => setRejecting(r)}>
                    驳回
                  </Button>
                </Space>
              ) : (
                <Typography.Text type="secondary">待财务处理</Typography.Text>
              ),
          },
        ]}
      />
      {issuing ? (
        <IssueModal
          row={issuing}
          onDone={() => {
            void message.success('已登记开票');
            void invalidateAfterSales(qc);
          }}
          onClose={() => setIssuing(null)}
        />
      ) : null}
      {rejecting ? (
        <ReasonModal<{ reason: string }>
          title={`驳回发票申请：${rejecting.order_no}`}
          okText="确认驳回"
          danger
          reasonLabel="驳回原因（持卡人可见）"
          reasonPlaceholder="如：单位名称与税号不符"
          onConfirm={(v) => rejectInvoice(rejecting.id, v.reason)}
          onDone={() => {
            void message.success('已驳回');
            void invalidateAfterSales(qc);
          }}
          onClose={() => setRejecting(null)}
        />
      ) : null}
    </>
  );
}
