// /suggest — complaints and suggestions as tickets: the form (category, the current card and
// optionally one of its orders, description, up to nine images, contact), the user's tickets, and
// with ?ticket_no= one ticket with its timeline and the operator's replies.
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { SUGGEST_CATEGORIES, TICKET_CATEGORY_LABEL } from '@portal/contract/patterns/tickets';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { Panel } from '../../components/Panel';
import { StateBlock } from '../../components/StateBlock';
import { useOrders } from '../../features/commerce/api/commerce';
import { closeTicket, createTicket, ticketsKey, useTicket, useTickets } from '../../features/tickets/api/tickets';
import { ImageUploader } from '../../features/tickets/components/ImageUploader';
import { TicketImage } from '../../features/tickets/components/TicketImage';
import { TicketTimeline } from '../../features/tickets/components/TicketTimeline';
import { ticketFormError, type TicketField, type TicketFields } from '../../features/tickets/model/ticketForm';
import { ApiError } from '../../lib/api';
import { useFormErrors } from '../../lib/formErrors';
import { withQuery } from '../../lib/query';
import { local } from '../../lib/storage';
import { toast } from '../../lib/toast';
import { confirm } from '../../lib/confirm';
import { useStored } from '../../lib/useStored';
import styles from './Suggest.module.css';
import parts from '../../styles/requestForm.module.css';
import { Field } from '../../components/Field';

const day = (iso: string) => iso.slice(0, 10);

function TicketDetail({ ticketNo }: { ticketNo: string }) {
  const q = useTicket(ticketNo);
  const qc = useQueryClient();
  const [closing, setClosing] = useState(false);
  // The owner closes a ticket that is settled for them; it cannot be reopened (a new problem is a new ticket).
  async function close() {
    const ok = await confirm({
      title: '关闭工单',
      content: '确定问题已解决并关闭该工单吗？关闭后不能重新打开，如有新问题请重新提交。',
      confirmText: '关闭工单',
      cancelText: '暂不关闭',
    });
    if (!ok) return;
    setClosing(true);
    try {
      qc.setQueryData([...ticketsKey, 'detail', ticketNo], await closeTicket(ticketNo));
      await qc.invalidateQueries({ queryKey: [...ticketsKey, 'list'] });
      toast('工单已关闭');
    } catch {
      await q.refetch(); // closed meanwhile: the API client said why, the page shows the new state
    } finally {
      setClosing(false);
    }
  }
  if (q.isPending) return <PageLoading />;
  if (q.isError || !q.data) return <StateBlock kind="error" text={q.error instanceof ApiError ? q.error.message : '工单加载失败'} />;
  const t = q.data;
  return (
    <>
      <Panel
        title={`工单 ${t.ticket_no}`}
        extra={
          <span className={`${parts.status} ${styles.statusTone}`} data-status={t.status}>
            {t.status_label}
          </span>
        }
      >
        <dl className={parts.facts}>
          <div>
            <dt>问题类型</dt>
            <dd>{t.category_label}</dd>
          </div>
          <div>
            <dt>卡号</dt>
            <dd>{t.custom_num}</dd>
          </div>
          {t.order_no && (
            <div>
              <dt>相关订单</dt>
              <dd>{t.order_no}</dd>
            </div>
          )}
          <div>
            <dt>联系电话</dt>
            <dd>{t.contact}</dd>
          </div>
        </dl>
        <p className={styles.description}>{t.description}</p>
        {t.images.length > 0 && (
          <ul className={styles.images} aria-label="问题图片">
            {t.images.map((img) => (
              <li key={img.id}>
                <TicketImage url={img.url} alt="问题图片" />
              </li>
            ))}
          </ul>
        )}
        {t.diagnosis && (
          <p className={styles.diagnosis}>
            提交时的智能检测：{t.diagnosis.headline}（{day(t.diagnosis.at)}）
          </p>
        )}
      </Panel>
      <Panel title="处理进度">
        <TicketTimeline events={t.timeline} />
      </Panel>
      {t.status !== 'closed' && (
        <div className={styles.closeRow}>
          <button type="button" className="app-btn app-btn--ghost app-btn--block" disabled={closing} onClick={close}>
            {closing ? '正在关闭…' : '问题已解决，关闭工单'}
          </button>
        </div>
      )}
      <p className={styles.more}>
        <Link to="/suggest">返回投诉建议</Link>
      </p>
    </>
  );
}

function MyTickets() {
  const q = useTickets(true);
  if (q.isPending) return null;
  const list = q.data?.list ?? [];
  return (
    <Panel title="我的投诉建议">
      {list.length === 0 ? (
        <p className={styles.empty}>还没有提交过投诉建议</p>
      ) : (
        <ul className={styles.list}>
          {list.map((t) => (
            <li key={t.ticket_no}>
              <Link className={styles.row} to={`/suggest?ticket_no=${t.ticket_no}`}>
                <span className={styles.rowHead}>
                  <span>
                    {t.category_label} · {t.ticket_no}
                  </span>
                  <span className={`${parts.status} ${styles.statusTone}`} data-status={t.status}>
                    {t.status_label}
                  </span>
                </span>
                <span className={styles.excerpt}>{t.excerpt}</span>
                <span className={styles.rowTime}>{day(t.created_at)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function TicketForm({ customNum }: { customNum: string }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const orders = useOrders(customNum, 'all', 'card');
  const [fields, setFields] = useState<TicketFields>({ category: '', orderNo: '', description: '', contact: local.get('mobile') ?? '' });
  const [images, setImages] = useState<{ ids: string[]; uploading: boolean }>({ ids: [], uploading: false });
  const [busy, setBusy] = useState(false);
  const form = useFormErrors<TicketField>('suggest');
  const set = (k: 'orderNo' | 'description' | 'contact') => (e: { target: { value: string } }) => {
    if (k !== 'orderNo') form.clear(k);
    setFields((f) => ({ ...f, [k]: e.target.value }));
  };
  const orderList = orders.data?.pages[0]?.list ?? [];

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const error = ticketFormError(fields, images.uploading);
    if (error) return form.fail(error.field, error.message);
    form.clear();
    setBusy(true);
    try {
      const ticket = await createTicket({
        category: fields.category as (typeof SUGGEST_CATEGORIES)[number],
        custom_num: customNum,
        order_no: fields.orderNo,
        description: fields.description.trim(),
        images: images.ids,
        contact: fields.contact.trim(),
      });
      await qc.invalidateQueries({ queryKey: ticketsKey });
      toast('提交成功，我们会尽快处理');
      navigate(`/suggest?ticket_no=${ticket.ticket_no}`, { replace: true });
    } catch (err) {
      form.fail(undefined, err instanceof ApiError ? err.message : '提交失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title="提交投诉建议">
      <form onSubmit={submit} noValidate>
        <fieldset className={parts.fieldset}>
          <legend className={parts.legend}>问题类型</legend>
          <div className={parts.chips} {...form.field('category')} role="group">
            {SUGGEST_CATEGORIES.map((c) => (
              <button
                key={c}
                type="button"
                className={fields.category === c ? `${parts.chip} ${parts.chipOn}` : parts.chip}
                aria-pressed={fields.category === c}
                onClick={() => {
                  form.clear('category');
                  setFields((f) => ({ ...f, category: c }));
                }}
              >
                {TICKET_CATEGORY_LABEL[c]}
              </button>
            ))}
          </div>
          {form.at('category')}
        </fieldset>
        <Field label="卡号" value={customNum} readOnly />
        <Field
          label="相关订单"
          id="ticket-order"
          control={
            <select
              id="ticket-order"
              className={`app-field__input ${styles.select}`}
              name="order_no"
              value={fields.orderNo}
              onChange={set('orderNo')}
            >
              <option value="">不涉及订单</option>
              {orderList.map((o) => (
                <option key={o.order_no} value={o.order_no}>
                  {o.title} · {o.order_no}
                </option>
              ))}
            </select>
          }
        />
        <label className={parts.textareaField}>
          <span className={parts.legend}>问题描述</span>
          <textarea
            className={parts.textarea}
            name="description"
            {...form.field('description')}
            rows={5}
            maxLength={500}
            placeholder="请描述您遇到的问题或建议（至少5个字）"
            value={fields.description}
            onChange={set('description')}
          />
          <span className={styles.count}>{[...fields.description].length}/500</span>
        </label>
        {form.at('description')}
        <div className={parts.fieldset}>
          <span className={parts.legend}>图片（选填）</span>
          <ImageUploader control={form.field('images')} onChange={(ids, uploading) => setImages({ ids, uploading })} />
          {form.at('images')}
        </div>
        <Field
          label="联系电话"
          form={form}
          field="contact"
          name="contact"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={11}
          placeholder="方便我们联系您"
          value={fields.contact}
          onChange={set('contact')}
        />
        {form.message()}
        <button type="submit" className={`app-btn app-btn--primary app-btn--block ${parts.submit}`} disabled={busy || images.uploading}>
          {busy ? '提交中…' : images.uploading ? '图片上传中…' : '提交'}
        </button>
      </form>
    </Panel>
  );
}

function SuggestPage() {
  const [params] = useSearchParams();
  const customNum = useStored('customNum');
  const ticketNo = params.get('ticket_no') ?? undefined;
  return (
    <div className={parts.page}>
      <PageHeader title={ticketNo ? '工单详情' : '投诉建议'} fallback={ticketNo ? '/suggest' : '/mine'} />
      {ticketNo ? (
        <TicketDetail ticketNo={ticketNo} />
      ) : (
        <>
          {customNum ? <TicketForm customNum={customNum} /> : <StateBlock kind="empty" text="请先绑定或选择一张卡，再提交投诉建议" />}
          <MyTickets />
        </>
      )}
    </div>
  );
}

export default withQuery(SuggestPage);
