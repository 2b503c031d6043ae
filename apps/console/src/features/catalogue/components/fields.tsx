// Pieces the catalogue's tabs and forms share: 在售/下架, 新建… for the platform only, 代理, and 价格无误.
import type { CSSProperties } from 'react';
import { Button, Checkbox, Form, Select, Tag } from 'antd';
import { Code } from '@portal/contract/codes';
import { ApiError } from '../../../lib/api';
import { PlusOutlined } from '@ant-design/icons';
import { useAgents } from '../../../lib/selectOptions';

/** 状态: 在售 or 下架. */
export const onSaleColumn = {
  title: '状态',
  dataIndex: 'on_sale',
  width: 80,
  render: (s: boolean) => (s ? <Tag color="green">在售</Tag> : <Tag>下架</Tag>),
};

/** 新建…, for the platform only. */
export function NewButton({ show, label, onClick }: { show: boolean; label: string; onClick: () => void }) {
  return show ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick}>
      {label}
    </Button>
  ) : null;
}

/** 全部代理 / one agent, by name (searchable), for whoever sees more than one agent. */
export function AgentFilter({
  show,
  value,
  onChange,
}: {
  show: boolean;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  const agents = useAgents(show);
  if (!show) return null;
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="全部代理"
      aria-label="代理"
      style={{ width: 200 }}
      value={value}
      onChange={onChange}
      options={(agents.data?.items ?? []).map((a) => ({ value: a.id, label: a.nickname }))}
    />
  );
}

/** 代理: whose row it is, fixed once the row exists. */
export function AgentField({ disabled, style }: { disabled: boolean; style?: CSSProperties }) {
  const agents = useAgents();
  return (
    <Form.Item name="agent_id" label="代理" rules={[{ required: true, message: '请选择代理' }]} style={style}>
      <Select disabled={disabled} options={(agents.data?.items ?? []).map((a) => ({ value: a.id, label: a.nickname }))} />
    </Form.Item>
  );
}

/**
 * 价格无误，仍然保存: offered once the server has said the price is far from the series' others
 * (its message is above the fields); the next 保存 sends the confirmation.
 */
export function PriceConfirmField({ error }: { error: unknown }) {
  if (!(error instanceof ApiError && error.code === Code.PRICE_NEEDS_CONFIRM)) return null;
  return (
    <Form.Item name="price_confirmed" valuePropName="checked" rules={[{ validator: confirmed }]}>
      <Checkbox>价格无误，仍然保存</Checkbox>
    </Form.Item>
  );
}

const confirmed = (_r: unknown, v: boolean | undefined) =>
  v ? Promise.resolve() : Promise.reject(new Error('请核对价格，确认无误后勾选'));
