// Pieces the catalogue's tabs and forms share: 在售/下架, 新建… for the platform only, and 代理.
import type { CSSProperties } from 'react';
import { Button, Form, Select, Tag } from 'antd';
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

/** 代理: whose row it is, fixed once the row exists. */
export function AgentField({ disabled, style }: { disabled: boolean; style?: CSSProperties }) {
  const agents = useAgents();
  return (
    <Form.Item name="agent_id" label="代理" rules={[{ required: true, message: '请选择代理' }]} style={style}>
      <Select disabled={disabled} options={(agents.data?.items ?? []).map((a) => ({ value: a.id, label: a.nickname }))} />
    </Form.Item>
  );
}
