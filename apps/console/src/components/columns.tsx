// Column and filter pieces that the console's lists share: a state shown as a coloured tag, the
// select of those states, how long a row has waited, and a row's one link action.
import type { ReactNode } from 'react';
import { Button, Select, Space, Tag } from 'antd';
import type { TableColumnType } from 'antd';
import { ageOf, chinaTime } from '../lib/format';
import type { Labelled } from '../lib/labels';

export type { Labelled };

/** A state as its coloured tag (an unknown state as itself). */
export const tagOf = (states: Labelled) => (s: string) => <Tag color={states[s]?.color}>{states[s]?.label ?? s}</Tag>;

/** The states as select options. */
export const optionsOf = (states: Labelled) => Object.entries(states).map(([value, s]) => ({ value, label: s.label }));

/** 状态 [全部 ▾]: a queue's state filter. */
export function StateFilter<S extends string>(p: { states: Labelled; value: S | undefined; onChange: (v: S | undefined) => void }) {
  return (
    <Space>
      <span>状态</span>
      <Select
        allowClear
        placeholder="全部"
        style={{ width: 140 }}
        value={p.value}
        onChange={(v: S | undefined) => p.onChange(v)}
        options={optionsOf(p.states)}
      />
    </Space>
  );
}

/** 已等待: the age of a queue's row, its time on hover. */
export function ageColumn<Row>(): TableColumnType<Row> {
  return {
    title: '已等待',
    dataIndex: 'created_at',
    key: 'age',
    width: 80,
    render: (v: string) => <span title={chinaTime(v)}>{ageOf(v)}</span>,
  };
}

/** 操作: one link button a row (详情, 处理, 编辑…). */
export function linkColumn<Row>(label: ReactNode, onClick: (row: Row) => void, width: number): TableColumnType<Row> {
  return {
    title: '操作',
    key: 'op',
    width,
    render: (_v: unknown, r: Row) => (
      <Button type="link" onClick={() => onClick(r)}>
        {label}
      </Button>
    ),
  };
}
