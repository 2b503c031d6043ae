// 售后服务 on an order's page (docs/decisions/0045-partial-refunds-and-requests.md): 申请退款 for an
// unused package within the agent's days (or why not), and 申请发票 (个人 / 单位, the company's
// taxpayer number checked by China's rules, an e-mail); each request's state and the operator's
// answer. The rules are @portal/domain's, the same the server applies.
import { useState, type FormEvent } from 'react';
import type { AfterSales } from '@portal/contract';
import { INVOICE_REQUEST_STATUS_LABEL, REFUND_REQUEST_STATUS_LABEL } from '@portal/contract/patterns/afterSales';
import { formatDateTime, formatYuan, invoiceFormProblems, requestNoteProblem, type InvoiceForm } from '@portal/domain';
import { Panel } from '../../../components/Panel';
import { ApiError } from '../../../lib/api';
import { useFormErrors } from '../../../lib/formErrors';
import { toast } from '../../../lib/toast';
import { confirm } from '../../../lib/confirm';
import parts from '../../../styles/requestForm.module.css';
import { requestInvoice, requestRefund, useAfterSales } from '../api/afterSales';
import styles from './AfterSales.module.css';
import { Field } from '../../../components/Field';
import { refundInvoiceNote } from '../model/refundAndInvoice';

export function AfterSalesPanel({ orderNo }: { orderNo: string }) {
  const q = useAfterSales(orderNo);
  if (!q.data) return null;
  return (
    <Panel title="售后服务">
      <RefundRow a={q.data} />
      <InvoiceRow a={q.data} />
      <RefundInvoiceNote a={q.data} />
    </Panel>
  );
}

/** Both pending on one order: which wins, said (decision 0070). */
function RefundInvoiceNote({ a }: { a: AfterSales }) {
  const text = refundInvoiceNote(a);
  return text ? (
    <p className={styles.note} role="note" data-testid="refund-invoice-note">
      {text}
    </p>
  ) : null;
}

function RefundRow({ a }: { a: AfterSales }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useFormErrors<'note'>('refund-request');
  const { request, can_request: can, why, until } = a.refund;
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const problem = requestNoteProblem(note);
    if (problem) return form.fail('note', problem);
    if (!(await confirm({ title: '申请退款', content: '审核通过后，套餐将被收回，款项原路退回。确定申请吗？', confirmText: '提交申请' })))
      return;
    setBusy(true);
    try {
      await requestRefund(a.order_no, note.trim());
      setOpen(false);
      toast('退款申请已提交');
    } catch (err) {
      form.fail(undefined, err instanceof ApiError ? err.message : '提交失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className={styles.row} data-testid="refund-request">
      <div className={styles.head}>
        <span className={styles.name}>退款</span>
        {request && (request.status !== 'rejected' || !can) ? (
          <span className={`${parts.status} ${styles.status}`} data-status={request.status}>
            {request.status === 'open' ? '退款审核中' : REFUND_REQUEST_STATUS_LABEL[request.status]}
          </span>
        ) : can && !open ? (
          <button type="button" className={`app-btn app-btn--ghost ${styles.action}`} onClick={() => setOpen(true)}>
            申请退款
          </button>
        ) : null}
      </div>
      {request?.status === 'open' ? (
        <p className={styles.note}>已于 {formatDateTime(request.created_at)} 提交，审核结果将在此显示。</p>
      ) : null}
      {request?.status === 'approved' ? (
        <p className={styles.note}>退款已通过，款项原路退回（{formatDateTime(request.decided_at)}）。</p>
      ) : null}
      {request?.status === 'rejected' ? <p className={styles.answer}>退款申请未通过：{request.answer || '未说明原因'}</p> : null}
      {can && until && !open ? <p className={styles.note}>套餐未使用，可在 {formatDateTime(until)} 前申请退款。</p> : null}
      {!can && !request && why ? <p className={styles.note}>{why}</p> : null}
      {open ? (
        <form className={styles.form} onSubmit={submit} noValidate>
          <label className={parts.textareaField}>
            <span className="app-field__label">退款说明（选填）</span>
            <textarea
              className={parts.textarea}
              {...form.field('note')}
              rows={3}
              maxLength={200}
              placeholder="如：买错了套餐"
              value={note}
              onChange={(e) => {
                form.clear('note');
                setNote(e.target.value);
              }}
            />
          </label>
          {form.at('note')}
          {form.message()}
          <button type="submit" className={`app-btn app-btn--primary app-btn--block ${parts.submit}`} disabled={busy}>
            {busy ? '提交中…' : '提交退款申请'}
          </button>
          <button type="button" className={`app-btn app-btn--ghost app-btn--block ${styles.cancel}`} onClick={() => setOpen(false)}>
            取消
          </button>
        </form>
      ) : null}
    </div>
  );
}

const EMPTY: InvoiceForm = { title_type: 'personal', title: '', tax_no: '', email: '' };
type InvoiceField = keyof InvoiceForm;
const FIELDS: InvoiceField[] = ['title_type', 'title', 'tax_no', 'email'];

function InvoiceRow({ a }: { a: AfterSales }) {
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState<InvoiceForm>(EMPTY);
  const [busy, setBusy] = useState(false);
  const form = useFormErrors<InvoiceField>('invoice');
  const { request, can_request: can, why, amount } = a.invoice;
  const set = (k: InvoiceField) => (e: { target: { value: string } }) => {
    form.clear(k);
    setFields((f) => ({ ...f, [k]: e.target.value }));
  };
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const problems = invoiceFormProblems(fields);
    const first = FIELDS.find((f) => problems[f]);
    if (first) return form.fail(first, problems[first]!);
    setBusy(true);
    try {
      await requestInvoice(a.order_no, { ...fields, tax_no: fields.title_type === 'company' ? fields.tax_no : '' });
      setOpen(false);
      toast('发票申请已提交');
    } catch (err) {
      form.fail(undefined, err instanceof ApiError ? err.message : '提交失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  }
  const company = fields.title_type === 'company';
  return (
    <div className={styles.row} data-testid="invoice-request">
      <div className={styles.head}>
        <span className={styles.name}>电子发票</span>
        {request && (request.status !== 'rejected' || !can) ? (
          <span className={`${parts.status} ${styles.status}`} data-status={request.status}>
            {INVOICE_REQUEST_STATUS_LABEL[request.status]}
          </span>
        ) : can && !open ? (
          <button type="button" className={`app-btn app-btn--ghost ${styles.action}`} onClick={() => setOpen(true)}>
            申请发票
          </button>
        ) : null}
      </div>
      {request && request.status !== 'rejected' ? (
        <dl className={parts.facts}>
          <div>
            <dt>抬头</dt>
            <dd>{request.title}</dd>
          </div>
          {request.tax_no ? (
            <div>
              <dt>税号</dt>
              <dd>{request.tax_no}</dd>
            </div>
          ) : null}
          <div>
            <dt>金额</dt>
            <dd>¥{formatYuan(request.amount)}</dd>
          </div>
          <div>
            <dt>接收邮箱</dt>
            <dd>{request.email}</dd>
          </div>
          {request.invoice_no ? (
            <div>
              <dt>发票号码</dt>
              <dd>{request.invoice_no}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {request?.status === 'open' && request.answer ? <p className={styles.note}>{request.answer}</p> : null}
      {request?.status === 'open' ? <p className={styles.note}>开票后将发送至您的邮箱。</p> : null}
      {request?.status === 'issued' ? <p className={styles.note}>发票已开具并发送至 {request.email}。</p> : null}
      {request?.status === 'rejected' ? (
        <p className={styles.answer}>发票申请未通过：{request.answer || '未说明原因'}，可修改后重新申请。</p>
      ) : null}
      {can && amount !== null && !open && !request ? <p className={styles.note}>可开票金额 ¥{formatYuan(amount)}</p> : null}
      {!can && !request && why ? <p className={styles.note}>{why}</p> : null}
      {open ? (
        <form className={styles.form} onSubmit={submit} noValidate>
          <fieldset className={parts.fieldset}>
            <legend className={parts.legend}>抬头类型</legend>
            <div className={`${parts.chips} ${parts.chipsWide}`} {...form.field('title_type')} role="group">
              {(
                [
                  ['personal', '个人'],
                  ['company', '单位'],
                ] as const
              ).map(([value, label]) => (
                <button
                  key={value}
                  type="button"
                  className={fields.title_type === value ? `${parts.chip} ${parts.chipOn}` : parts.chip}
                  aria-pressed={fields.title_type === value}
                  onClick={() => {
                    form.clear();
                    setFields((f) => ({ ...f, title_type: value }));
                  }}
                >
                  {label}
                </button>
              ))}
            </div>
          </fieldset>
          <Field
            label={company ? '单位名称' : '抬头'}
            form={form}
            field="title"
            name="title"
            maxLength={100}
            placeholder={company ? '请输入单位全称' : '个人姓名'}
            value={fields.title}
            onChange={set('title')}
          />
          {company ? (
            <>
              <Field
                label="税号"
                form={form}
                field="tax_no"
                name="tax_no"
                maxLength={24}
                autoCapitalize="characters"
                placeholder="纳税人识别号（15、18 或 20 位）"
                value={fields.tax_no}
                onChange={set('tax_no')}
              />
            </>
          ) : null}
          <Field
            label="邮箱"
            form={form}
            field="email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={100}
            placeholder="接收电子发票的邮箱"
            value={fields.email}
            onChange={set('email')}
          />
          {form.message()}
          <button type="submit" className={`app-btn app-btn--primary app-btn--block ${parts.submit}`} disabled={busy}>
            {busy ? '提交中…' : '提交发票申请'}
          </button>
          <button type="button" className={`app-btn app-btn--ghost app-btn--block ${styles.cancel}`} onClick={() => setOpen(false)}>
            取消
          </button>
        </form>
      ) : null}
    </div>
  );
}
