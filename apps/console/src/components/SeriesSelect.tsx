// 套餐系列: pick a package series by its name (its agent and number beside it), typed to narrow — the
// one series picker of the console's filters and forms, like AgentSelect for agents, instead of a
// field that wants the series' number. The options are the series the operator may see (an agent
// administrator: their agent's only — the server answers no other).
import { Select } from 'antd';
import { messageOf } from '../lib/api';
import { useSeries } from '../lib/selectOptions';

export interface SeriesSelectProps {
  value?: number | null;
  onChange?: (id: number | undefined) => void;
  placeholder?: string;
  width?: number;
  allowClear?: boolean;
  id?: string;
  'aria-label'?: string;
}

/** What a series is called in the picker: its name, its agent and number to tell two alike apart. */
export const seriesOptionLabel = (s: { id: number; name: string; agent_name: string }) => `${s.name}（${s.agent_name}，编号 ${s.id}）`;

export function SeriesSelect({
  value,
  onChange,
  placeholder = '输入系列名称搜索',
  width = 260,
  allowClear = true,
  ...rest
}: SeriesSelectProps) {
  const series = useSeries();
  return (
    <Select<number>
      {...rest}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear={allowClear}
      placeholder={placeholder}
      style={{ width }}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? undefined)}
      loading={series.isPending}
      notFoundContent={series.error ? messageOf(series.error) : '没有匹配的套餐系列'}
      options={(series.data?.items ?? []).map((s) => ({ value: s.id, label: seriesOptionLabel(s) }))}
    />
  );
}
