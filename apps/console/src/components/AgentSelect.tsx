// 代理: pick an agent by its name (or its mark, or its number), typed to narrow the list — the one
// agent picker of the console's filters and forms, instead of a field that wants the agent's number.
// A form control (value/onChange: the agent's id); the options are every agent the operator may see.
import { Select } from 'antd';
import { messageOf } from '../lib/api';
import { useAgents } from '../lib/selectOptions';

export interface AgentSelectProps {
  value?: number | null;
  onChange?: (id: number | undefined) => void;
  placeholder?: string;
  width?: number;
  /** a filter may be cleared (全部代理); a required form field need not */
  allowClear?: boolean;
  id?: string;
  'aria-label'?: string;
}

/** What an agent is called in the picker: its name, its mark and number to tell two alike apart. */
export const agentOptionLabel = (a: { id: number; nickname: string; mark: string }) => `${a.nickname}（${a.mark}，编号 ${a.id}）`;

export function AgentSelect({
  value,
  onChange,
  placeholder = '输入代理名称搜索',
  width = 240,
  allowClear = true,
  ...rest
}: AgentSelectProps) {
  const agents = useAgents();
  return (
    <Select<number>
      {...rest}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear={allowClear}
      placeholder={placeholder}
      style={{ width }}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? undefined)}
      loading={agents.isPending}
      notFoundContent={agents.error ? messageOf(agents.error) : '没有匹配的代理'}
      options={(agents.data?.items ?? []).map((a) => ({ value: a.id, label: agentOptionLabel(a) }))}
    />
  );
}
