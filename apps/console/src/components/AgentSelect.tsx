// 代理: pick an agent by its name (or its mark, or its number), typed to narrow the list — the one
// agent picker of the console's filters and forms (a NamedSelect over every agent the operator may see).
import { useAgents } from '../lib/selectOptions';
import { NamedSelect, type PickerProps } from './NamedSelect';

export type AgentSelectProps = PickerProps;

/** What an agent is called in the picker: its name, its mark and number to tell two alike apart. */
export const agentOptionLabel = (a: { id: number; nickname: string; mark: string }) => `${a.nickname}（${a.mark}，编号 ${a.id}）`;

export function AgentSelect({ placeholder = '输入代理名称搜索', width = 240, ...rest }: AgentSelectProps) {
  return (
    <NamedSelect
      {...rest}
      useOptions={useAgents}
      label={agentOptionLabel}
      notFound="没有匹配的代理"
      placeholder={placeholder}
      width={width}
    />
  );
}
