// The card story's actions (docs/decisions/0042-console-sees-as-holder.md), each shown to the roles
// that may do it, each asking for a reason in the one ReasonModal and saying what it did: 停机 /
// 复机 (through the carrier, as a bulk job does), 设置套餐系列, 重发实名链接, 发券, 登记工单, and
// 持卡人视角 (the portal's home for this card, read only).
import { useState } from 'react';
import { App, Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { SUGGEST_CATEGORIES, TICKET_CATEGORY_LABEL } from '@portal/contract/patterns/tickets';
import { ReasonModal } from '../../../components/ReasonModal';
import { allows, useOperator } from '../../../lib/session';
import { useSeries } from '../../../lib/selectOptions';
import { toFen } from '../../../lib/zodRule';
import { useCardAction, useIssueVoucherToCard } from '../api/cardActions';
import { sayHeld } from '../../../lib/heldForApproval';
import type { CardStory } from '../api/getCardStory';
import { HolderViewDrawer } from './HolderView';

type Open = null | 'suspend' | 'resume' | 'series' | 'realName' | 'voucher' | 'ticket' | 'holder';
const STOPPED = 3;
const CANCELLED = 6;

export function CardActions({ story }: { story: CardStory }) {
  const op = useOperator().data;
  const [open, setOpen] = useState<Open>(null);
  const c = story.card;
  const can = (p: string) => allows(op, p);
  const close = () => setOpen(null);
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        {can('cards.manage') && c.state !== STOPPED && c.state !== CANCELLED ? (
          <Button danger onClick={() => setOpen('suspend')}>
            停机
          </Button>
        ) : null}
        {can('cards.manage') && c.state === STOPPED ? <Button onClick={() => setOpen('resume')}>复机</Button> : null}
        {can('cards.manage') ? <Button onClick={() => setOpen('series')}>设置套餐系列</Button> : null}
        {can('cards.assist') && !c.real_named && c.state !== CANCELLED ? (
          <Button onClick={() => setOpen('realName')}>重发实名链接</Button>
        ) : null}
        {can('vouchers.issue') ? <Button onClick={() => setOpen('voucher')}>发券</Button> : null}
        {can('tickets.manage') ? <Button onClick={() => setOpen('ticket')}>登记工单</Button> : null}
        <Button type="dashed" onClick={() => setOpen('holder')}>
          持卡人视角
        </Button>
      </Space>
      {open === 'suspend' || open === 'resume' ? <StateModal card={c.custom_num} action={open} onClose={close} /> : null}
      {open === 'series' ? <SeriesModal story={story} onClose={close} /> : null}
      {open === 'realName' ? <RealNameModal card={c.custom_num} onClose={close} /> : null}
      {open === 'voucher' ? <VoucherModal card={c.custom_num} onClose={close} /> : null}
      {open === 'ticket' ? <TicketModal card={c.custom_num} onClose={close} /> : null}
      <HolderViewDrawer card={c.custom_num} open={open === 'holder'} onClose={close} />
    </>
  );
}

function useDone() {
  const { message } = App.useApp();
  return (answer: unknown) => void message.success((answer as { message?: string }).message ?? '已完成');
}

function StateModal({ card, action, onClose }: { card: string; action: 'suspend' | 'resume'; onClose: () => void }) {
  const m = useCardAction('adminCardSetState', card);
  const done = useDone();
  const suspend = action === 'suspend';
  return (
    <ReasonModal<{ reason: string }>
      title={suspend ? `停机 ${card}` : `复机 ${card}`}
      okText={suspend ? '停机' : '复机'}
      danger={suspend}
      intro={<p>{suspend ? '经运营商接口停机，持卡人将无法上网。' : '经运营商接口恢复上网。'}</p>}
      onConfirm={(v) => m.mutateAsync({ card, action, reason: v.reason })}
      onDone={done}
      onClose={onClose}
    />
  );
}

function SeriesModal({ story, onClose }: { story: CardStory; onClose: () => void }) {
  const card = story.card.custom_num;
  const m = useCardAction('adminCardSetSeries', card);
  const series = useSeries();
  const done = useDone();
  const options = (series.data?.items ?? [])
    .filter((s) => s.agent_id === story.card.agent_id)
    .map((s) => ({ value: s.id, label: `${s.name}（${s.id}）` }));
  return (
    <ReasonModal<{ reason: string; series_id: number }>
      title={`设置套餐系列 ${card}`}
      okText="保存"
      intro={<p>当前：{story.card.package_series.map((s) => s.name).join('、') || '无'}</p>}
      onConfirm={(v) => m.mutateAsync({ card, series_id: v.series_id, reason: v.reason })}
      onDone={done}
      onClose={onClose}
    >
      <Form.Item name="series_id" label="套餐系列" rules={[{ required: true, message: '请选择套餐系列' }]}>
        <Select options={options} loading={series.isPending} placeholder="该卡代理的套餐系列" />
      </Form.Item>
    </ReasonModal>
  );
}

function RealNameModal({ card, onClose }: { card: string; onClose: () => void }) {
  const m = useCardAction('adminCardRealNameRemind', card);
  const done = useDone();
  return (
    <ReasonModal<{ reason: string }>
      title={`重发实名链接 ${card}`}
      okText="发送"
      intro={<p>短信发到持卡人的绑定手机号（未绑定时为预留手机号）；打开后门户会取新的运营商实名链接。</p>}
      onConfirm={(v) => m.mutateAsync({ card, reason: v.reason })}
      onDone={done}
      onClose={onClose}
    />
  );
}

interface VoucherFields {
  reason: string;
  name: string;
  amount: number;
  min_spend: number;
  valid_days: number;
}

function VoucherModal({ card, onClose }: { card: string; onClose: () => void }) {
  const { modal } = App.useApp();
  const m = useIssueVoucherToCard(card);
  const done = useDone();
  return (
    <ReasonModal<VoucherFields>
      title={`给 ${card} 发券`}
      okText="发放"
      initialValues={{ min_spend: 0, valid_days: 30 }}
      onConfirm={(v) =>
        m.mutateAsync({
          name: v.name.trim(),
          amount_fen: toFen(v.amount),
          min_spend_fen: toFen(v.min_spend),
          valid_days: v.valid_days,
          reason: v.reason,
        })
      }
      onDone={(a) => {
        if (!sayHeld(modal, a)) done({ message: '优惠券已发放' });
      }}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label="券名称"
        rules={[
          { required: true, whitespace: true, message: '请填写券名称' },
          { max: 30, message: '券名称最多 30 个字' },
        ]}
      >
        <Input maxLength={30} />
      </Form.Item>
      <Space>
        <Form.Item name="amount" label="面额（元）" rules={[{ required: true, message: '请填写券面额' }]}>
          <InputNumber min={0.01} max={100000} precision={2} />
        </Form.Item>
        <Form.Item name="min_spend" label="使用门槛（元）" rules={[{ required: true, message: '请填写使用门槛' }]}>
          <InputNumber min={0} max={100000} precision={2} />
        </Form.Item>
        <Form.Item name="valid_days" label="有效天数" rules={[{ required: true, message: '请填写有效天数' }]}>
          <InputNumber min={1} max={3650} precision={0} />
        </Form.Item>
      </Space>
    </ReasonModal>
  );
}

function TicketModal({ card, onClose }: { card: string; onClose: () => void }) {
  const m = useCardAction('adminCardTicketOpen', card);
  const done = useDone();
  return (
    <ReasonModal<{ reason: string; category: (typeof SUGGEST_CATEGORIES)[number]; description: string }>
      title={`为持卡人登记工单 ${card}`}
      okText="登记"
      intro={<p>工单记在持卡人名下，持卡人可在「投诉建议」中看到进度。</p>}
      reasonLabel="登记原因"
      onConfirm={(v) => m.mutateAsync({ card, category: v.category, description: v.description.trim(), reason: v.reason })}
      onDone={done}
      onClose={onClose}
    >
      <Form.Item name="category" label="问题类别" rules={[{ required: true, message: '请选择问题类别' }]}>
        <Select options={SUGGEST_CATEGORIES.map((k) => ({ value: k, label: TICKET_CATEGORY_LABEL[k] }))} />
      </Form.Item>
      <Form.Item
        name="description"
        label="问题描述"
        rules={[
          { required: true, whitespace: true, message: '请填写问题描述' },
          { min: 5, message: '问题描述至少 5 个字' },
        ]}
      >
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </ReasonModal>
  );
}
