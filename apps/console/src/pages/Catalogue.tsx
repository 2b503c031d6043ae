// 套餐目录: 套餐系列, 套餐 (filtered by type), 优惠券包 and 首充优惠 — the rows the portal's
// catalogue reads. Creating and editing them is the platform's; the others read (an agent
// administrator their agent's rows). Retail prices alone are also on 代理价格.
import { useState, type CSSProperties } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, InputNumber, Select, Space, Switch, Tabs, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { AdminAnswerOf } from '@portal/contract/admin';
import { call, urlOf } from '../lib/api';
import { linkColumn } from '../lib/columns';
import { DescriptionField, FormModal, NameField } from '../lib/FormModal';
import { ListPage } from '../lib/ListPage';
import { PACKAGE_TYPE_OPTIONS, PackageTypeFilter, packageTypeColumn } from '../lib/packageTypes';
import { yuan } from '../lib/format';
import { allows, useOperator } from '../lib/session';
import { RETAIL_RULES, toFen, toYuan } from '../lib/zodRule';

type Series = AdminAnswerOf<'adminSeriesList'>['items'][number];
type Pkg = AdminAnswerOf<'adminPackageList'>['items'][number];
type Coupon = AdminAnswerOf<'adminCouponPackageList'>['items'][number];
type Offer = AdminAnswerOf<'adminRechargeOfferList'>['items'][number];

function useSave<T>(fn: (v: T) => Promise<unknown>, keys: string[], done: () => void) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      message.success('已保存');
      for (const k of keys) void qc.invalidateQueries({ queryKey: [k] });
      done();
    },
  });
}

export default function Catalogue() {
  const op = useOperator().data;
  const canManage = allows(op, 'catalogue.manage');
  return (
    <Card>
      <Tabs
        items={[
          { key: 'series', label: '套餐系列', children: <SeriesTab canManage={canManage} /> },
          { key: 'packages', label: '套餐', children: <PackagesTab canManage={canManage} /> },
          { key: 'coupons', label: '优惠券包', children: <CouponsTab canManage={canManage} /> },
          { key: 'offers', label: '首充优惠', children: <OffersTab canManage={canManage} /> },
        ]}
      />
    </Card>
  );
}

/** 状态: 在售 or 下架. */
const onSaleColumn = {
  title: '状态',
  dataIndex: 'on_sale',
  width: 80,
  render: (s: boolean) => (s ? <Tag color="green">在售</Tag> : <Tag>下架</Tag>),
};

/** 新建…, for the platform only. */
function NewButton({ show, label, onClick }: { show: boolean; label: string; onClick: () => void }) {
  return show ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick}>
      {label}
    </Button>
  ) : null;
}

function useAgents() {
  return useQuery({ queryKey: ['agents'], queryFn: () => call('adminAgentList') });
}

/** 代理: whose row it is, fixed once the row exists. */
function AgentField({ disabled, style }: { disabled: boolean; style?: CSSProperties }) {
  const agents = useAgents();
  return (
    <Form.Item name="agent_id" label="代理" rules={[{ required: true, message: '请选择代理' }]} style={style}>
      <Select disabled={disabled} options={(agents.data?.items ?? []).map((a) => ({ value: a.id, label: a.nickname }))} />
    </Form.Item>
  );
}

// ---------- series ----------
function SeriesTab({ canManage }: { canManage: boolean }) {
  const [edit, setEdit] = useState<Partial<Series> | null>(null);
  return (
    <>
      <ListPage<Series>
        card={false}
        name="套餐系列"
        queryKey={['series']}
        fetchPage={() => call('adminSeriesList', {})}
        exportUrl={urlOf('adminExportSeries', {})}
        empty="暂无套餐系列"
        filters={
          <>
            <NewButton show={canManage} label="新建系列" onClick={() => setEdit({})} />
          </>
        }
        rowKey="id"
        table={{ size: 'middle', tableLayout: 'auto' }}
        columns={[
          { title: '编号', dataIndex: 'id', width: 80 },
          { title: '代理', dataIndex: 'agent_name', width: 140 },
          { title: '名称', dataIndex: 'name' },
          { title: '说明', dataIndex: 'description', ellipsis: true },
          { title: '排序', dataIndex: 'sort', width: 80 },
          { title: '套餐数', dataIndex: 'package_count', width: 90, align: 'right' },
          ...(canManage ? [linkColumn<Series>('编辑', setEdit, 90)] : []),
        ]}
      />
      {edit ? <SeriesModal value={edit} onClose={() => setEdit(null)} /> : null}
    </>
  );
}

function SeriesModal({ value, onClose }: { value: Partial<Series>; onClose: () => void }) {
  const [form] = Form.useForm();
  const m = useSave(
    (v: { agent_id: number; name: string; description?: string; sort?: number; reason: string }) =>
      call('adminSeriesSave', { ...v, ...(value.id ? { id: value.id } : {}), description: v.description ?? '', sort: v.sort ?? 0 }),
    ['series'],
    onClose,
  );
  return (
    <FormModal
      title={value.id ? '编辑套餐系列' : '新建套餐系列'}
      form={form}
      initialValues={{ sort: 0, ...value }}
      save={m}
      onClose={onClose}
    >
      <AgentField disabled={!!value.id} />
      <NameField label="系列名称" required="请填写系列名称" />
      <DescriptionField />
      <Form.Item name="sort" label="排序">
        <InputNumber min={0} max={9999} precision={0} />
      </Form.Item>
    </FormModal>
  );
}

// ---------- packages ----------
function PackagesTab({ canManage }: { canManage: boolean }) {
  const [type, setType] = useState<number | undefined>();
  const [edit, setEdit] = useState<Partial<Pkg> | null>(null);
  return (
    <>
      <ListPage<Pkg>
        card={false}
        name="套餐"
        queryKey={['packages', 'all', type]}
        fetchPage={() => call('adminPackageList', { package_type: type })}
        exportUrl={urlOf('adminExportPackages', { package_type: type })}
        empty="暂无套餐"
        filters={
          <>
            <Space>
              <PackageTypeFilter value={type} onChange={setType} />
              <NewButton show={canManage} label="新建套餐" onClick={() => setEdit({})} />
            </Space>
          </>
        }
        rowKey="id"
        table={{ size: 'middle', tableLayout: 'auto' }}
        columns={[
          { title: '代理', dataIndex: 'agent_name', width: 110 },
          { title: '系列', dataIndex: 'series_name', width: 130 },
          { title: '名称', dataIndex: 'name' },
          packageTypeColumn,
          { title: '流量', dataIndex: 'flow_mb', width: 100, render: (mb: number) => (mb >= 1024 ? `${mb / 1024} GB` : `${mb} MB`) },
          { title: '周期', key: 'period', width: 90, render: (_v, r) => `${r.period_count} ${r.period === 1 ? '天' : '个月'}` },
          { title: '零售价', dataIndex: 'retail_fen', width: 100, align: 'right', render: (f: number) => yuan(f) },
          onSaleColumn,
          ...(canManage ? [linkColumn<Pkg>('编辑', setEdit, 90)] : []),
        ]}
      />
      {edit ? <PackageModal value={edit} onClose={() => setEdit(null)} /> : null}
    </>
  );
}

interface PkgFields {
  series_id: number;
  name: string;
  package_type: number;
  period: 1 | 2;
  period_count: number;
  flow_mb: number;
  cost: number;
  retail: number;
  original: number;
  description?: string;
  voucher_allowed: boolean;
  recommended: boolean;
  on_sale: boolean;
  sort: number;
  reason: string;
}

function PackageModal({ value, onClose }: { value: Partial<Pkg>; onClose: () => void }) {
  const [form] = Form.useForm<PkgFields>();
  const series = useQuery({ queryKey: ['series'], queryFn: () => call('adminSeriesList', {}) });
  const m = useSave(
    (v: PkgFields) =>
      call('adminPackageSave', {
        ...(value.id ? { id: value.id } : {}),
        series_id: v.series_id,
        name: v.name,
        package_type: v.package_type,
        period: v.period,
        period_count: v.period_count,
        flow_mb: v.flow_mb,
        cost_fen: toFen(v.cost),
        retail_fen: toFen(v.retail),
        original_price_fen: toFen(v.original),
        description: v.description ?? '',
        voucher_allowed: v.voucher_allowed,
        recommended: v.recommended,
        on_sale: v.on_sale,
        sort: v.sort,
        reason: v.reason,
      }),
    ['packages', 'series'],
    onClose,
  );
  const initial = value.id
    ? { ...value, cost: toYuan(value.cost_fen!), retail: toYuan(value.retail_fen!), original: toYuan(value.original_price_fen!) }
    : {
        package_type: 3,
        period: 2,
        period_count: 1,
        flow_mb: 1024,
        cost: 0,
        retail: 0,
        original: 0,
        voucher_allowed: true,
        recommended: false,
        on_sale: true,
        sort: 0,
      };
  return (
    <FormModal width={640} title={value.id ? '编辑套餐' : '新建套餐'} form={form} initialValues={initial} save={m} onClose={onClose}>
      <Space size="large" align="start">
        <Form.Item name="series_id" label="套餐系列" rules={[{ required: true, message: '请选择套餐系列' }]} style={{ width: 260 }}>
          <Select options={(series.data?.items ?? []).map((s) => ({ value: s.id, label: `${s.agent_name} · ${s.name}` }))} />
        </Form.Item>
        <Form.Item name="package_type" label="套餐类型" rules={[{ required: true, message: '请选择套餐类型' }]} style={{ width: 260 }}>
          <Select options={PACKAGE_TYPE_OPTIONS} />
        </Form.Item>
      </Space>
      <NameField label="名称" required="请填写套餐名称" />
      <Space size="large" align="start">
        <Form.Item name="flow_mb" label="流量（MB）" rules={[{ required: true, message: '请填写流量' }]}>
          <InputNumber min={0} precision={0} />
        </Form.Item>
        <Form.Item name="period_count" label="周期" rules={[{ required: true, message: '请填写周期' }]}>
          <InputNumber min={1} max={36} precision={0} />
        </Form.Item>
        <Form.Item name="period" label="单位">
          <Select
            style={{ width: 100 }}
            options={[
              { value: 1, label: '天' },
              { value: 2, label: '月' },
            ]}
          />
        </Form.Item>
      </Space>
      <Space size="large" align="start">
        <Form.Item name="cost" label="成本价（元）" rules={[{ required: true, message: '请填写成本价' }]}>
          <InputNumber min={0} precision={2} />
        </Form.Item>
        <Form.Item name="retail" label="零售价（元）" dependencies={['cost']} rules={RETAIL_RULES}>
          <InputNumber min={0} precision={2} />
        </Form.Item>
        <Form.Item name="original" label="划线价（元）">
          <InputNumber min={0} precision={2} />
        </Form.Item>
      </Space>
      <DescriptionField />
      <Space size="large">
        <Form.Item name="on_sale" label="在售" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="recommended" label="推荐" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="voucher_allowed" label="可用优惠券" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="sort" label="排序">
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
      </Space>
    </FormModal>
  );
}

// ---------- coupon packages ----------
function CouponsTab({ canManage }: { canManage: boolean }) {
  const [edit, setEdit] = useState<Partial<Coupon> | null>(null);
  return (
    <>
      <ListPage<Coupon>
        card={false}
        name="优惠券包"
        queryKey={['coupons']}
        fetchPage={() => call('adminCouponPackageList')}
        exportUrl={urlOf('adminExportCouponPackages')}
        empty="暂无优惠券包"
        filters={
          <>
            <NewButton show={canManage} label="新建券包" onClick={() => setEdit({})} />
          </>
        }
        rowKey="id"
        table={{ size: 'middle', tableLayout: 'auto' }}
        columns={[
          { title: '代理', dataIndex: 'agent_name', width: 120 },
          { title: '名称', dataIndex: 'name' },
          { title: '售价', dataIndex: 'price_fen', width: 100, align: 'right', render: (f: number) => yuan(f) },
          {
            title: '内含券',
            dataIndex: 'vouchers',
            render: (vs: Coupon['vouchers']) =>
              vs.map((v) => `${yuan(v.amount_fen)}（满${yuan(v.min_spend_fen)}，${v.valid_days}天）`).join('、'),
          },
          onSaleColumn,
          ...(canManage ? [linkColumn<Coupon>('编辑', setEdit, 90)] : []),
        ]}
      />
      {edit ? <CouponModal value={edit} onClose={() => setEdit(null)} /> : null}
    </>
  );
}

interface CouponFields {
  agent_id: number;
  name: string;
  price: number;
  description?: string;
  on_sale: boolean;
  vouchers: { amount: number; min_spend: number; valid_days: number; package_types?: number[] }[];
  reason: string;
}

function CouponModal({ value, onClose }: { value: Partial<Coupon>; onClose: () => void }) {
  const [form] = Form.useForm<CouponFields>();
  const m = useSave(
    (v: CouponFields) =>
      call('adminCouponPackageSave', {
        ...(value.id ? { id: value.id } : {}),
        agent_id: v.agent_id,
        name: v.name,
        price_fen: toFen(v.price),
        description: v.description ?? '',
        on_sale: v.on_sale,
        vouchers: (v.vouchers ?? []).map((x) => ({
          amount_fen: toFen(x.amount),
          min_spend_fen: toFen(x.min_spend),
          valid_days: x.valid_days,
          package_types: x.package_types ?? [],
        })),
        reason: v.reason,
      }),
    ['coupons'],
    onClose,
  );
  const initial = value.id
    ? {
        ...value,
        price: toYuan(value.price_fen!),
        vouchers: value.vouchers!.map((x) => ({
          amount: toYuan(x.amount_fen),
          min_spend: toYuan(x.min_spend_fen),
          valid_days: x.valid_days,
          package_types: x.package_types,
        })),
      }
    : { on_sale: true, price: 0, vouchers: [{ amount: 5, min_spend: 0, valid_days: 30 }] };
  return (
    <FormModal
      width={680}
      title={value.id ? '编辑优惠券包' : '新建优惠券包'}
      form={form}
      initialValues={initial}
      save={m}
      onClose={onClose}
    >
      <Space size="large" align="start">
        <AgentField disabled={!!value.id} style={{ width: 220 }} />
        <NameField label="名称" required="请填写券包名称" style={{ width: 220 }} />
        <Form.Item name="price" label="售价（元）" rules={[{ required: true, message: '请填写售价' }]}>
          <InputNumber min={0} precision={2} />
        </Form.Item>
      </Space>
      <Form.List name="vouchers">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f) => (
              <Space key={f.key} align="start">
                <Form.Item
                  name={[f.name, 'amount']}
                  label="面额（元）"
                  rules={[
                    { required: true, message: '请填写面额' },
                    { type: 'number', min: 0.01, message: '至少 0.01 元' },
                  ]}
                >
                  <InputNumber precision={2} />
                </Form.Item>
                <Form.Item name={[f.name, 'min_spend']} label="门槛（元）" rules={[{ required: true, message: '请填写门槛' }]}>
                  <InputNumber min={0} precision={2} />
                </Form.Item>
                <Form.Item name={[f.name, 'valid_days']} label="有效天数" rules={[{ required: true, message: '请填写天数' }]}>
                  <InputNumber min={1} max={3650} precision={0} />
                </Form.Item>
                <Form.Item name={[f.name, 'package_types']} label="限用类型">
                  <Select mode="multiple" allowClear style={{ width: 160 }} options={PACKAGE_TYPE_OPTIONS} />
                </Form.Item>
                <Button danger type="link" onClick={() => remove(f.name)} style={{ marginTop: 30 }} disabled={fields.length <= 1}>
                  删除
                </Button>
              </Space>
            ))}
            <Button
              onClick={() => add({ amount: 5, min_spend: 0, valid_days: 30 })}
              disabled={fields.length >= 20}
              style={{ marginBottom: 16 }}
            >
              添加一张券
            </Button>
          </>
        )}
      </Form.List>
      <DescriptionField />
      <Form.Item name="on_sale" label="在售" valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}

// ---------- first-recharge offers ----------
function OffersTab({ canManage }: { canManage: boolean }) {
  const [edit, setEdit] = useState<Offer | null>(null);
  return (
    <>
      <ListPage<Offer>
        card={false}
        name="首充优惠"
        queryKey={['offers']}
        fetchPage={() => call('adminRechargeOfferList')}
        exportUrl={urlOf('adminExportRechargeOffers')}
        empty="暂无代理"
        rowKey="agent_id"
        table={{ size: 'middle', tableLayout: 'auto' }}
        columns={[
          { title: '代理', dataIndex: 'agent_name', width: 160 },
          { title: '首充优惠', key: 'title', render: (_v, r) => r.offer?.title ?? '未设置' },
          { title: '充值金额', key: 'amount', width: 120, align: 'right', render: (_v, r) => (r.offer ? yuan(r.offer.amount_fen) : '—') },
          { title: '赠送金额', key: 'bonus', width: 120, align: 'right', render: (_v, r) => (r.offer ? yuan(r.offer.bonus_fen) : '—') },
          ...(canManage ? [linkColumn<Offer>('设置', setEdit, 90)] : []),
        ]}
      />
      {edit ? <OfferModal value={edit} onClose={() => setEdit(null)} /> : null}
    </>
  );
}

interface OfferFields {
  enabled: boolean;
  amount: number;
  bonus: number;
  title: string;
  description?: string;
  reason: string;
}

function OfferModal({ value, onClose }: { value: Offer; onClose: () => void }) {
  const [form] = Form.useForm<OfferFields>();
  const enabled = Form.useWatch('enabled', form) ?? !!value.offer;
  const m = useSave(
    (v: OfferFields) =>
      call('adminRechargeOfferSave', {
        agent_id: value.agent_id,
        offer: v.enabled
          ? { amount_fen: toFen(v.amount), bonus_fen: toFen(v.bonus), title: v.title, description: v.description ?? '' }
          : null,
        reason: v.reason,
      }),
    ['offers'],
    onClose,
  );
  const o = value.offer;
  return (
    <FormModal
      title={`首充优惠：${value.agent_name}`}
      form={form}
      initialValues={{
        enabled: !!o,
        amount: o ? toYuan(o.amount_fen) : 100,
        bonus: o ? toYuan(o.bonus_fen) : 10,
        title: o?.title ?? '',
        description: o?.description ?? '',
      }}
      save={m}
      onClose={onClose}
    >
      <Form.Item name="enabled" label="启用首充优惠" valuePropName="checked">
        <Switch />
      </Form.Item>
      {enabled ? (
        <>
          <Space size="large" align="start">
            <Form.Item
              name="amount"
              label="充值金额（元）"
              rules={[
                { required: true, message: '请填写充值金额' },
                { type: 'number', min: 1, message: '至少 1 元' },
              ]}
            >
              <InputNumber precision={2} />
            </Form.Item>
            <Form.Item
              name="bonus"
              label="赠送金额（元）"
              dependencies={['amount']}
              rules={[
                { required: true, message: '请填写赠送金额' },
                ({ getFieldValue }) => ({
                  validator: async (_r, v: number) => {
                    if (typeof v === 'number' && v > getFieldValue('amount')) throw new Error('赠送金额不能高于充值金额');
                  },
                }),
              ]}
            >
              <InputNumber min={0.01} precision={2} />
            </Form.Item>
          </Space>
          <NameField name="title" label="标题" required="请填写标题" />
          <DescriptionField />
        </>
      ) : null}
    </FormModal>
  );
}
