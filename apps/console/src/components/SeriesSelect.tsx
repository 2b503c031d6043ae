// 套餐系列: pick a package series by its name (its agent and number beside it), typed to narrow — the
// one series picker of the console's filters and forms (a NamedSelect over the series the operator may
// see; an agent administrator: their agent's only — the server answers no other).
import { useSeries } from '../lib/selectOptions';
import { NamedSelect, type PickerProps } from './NamedSelect';

export type SeriesSelectProps = PickerProps;

/** What a series is called in the picker: its name, its agent and number to tell two alike apart. */
export const seriesOptionLabel = (s: { id: number; name: string; agent_name: string }) => `${s.name}（${s.agent_name}，编号 ${s.id}）`;

export function SeriesSelect({ placeholder = '输入系列名称搜索', width = 260, ...rest }: SeriesSelectProps) {
  return (
    <NamedSelect
      {...rest}
      useOptions={useSeries}
      label={seriesOptionLabel}
      notFound="没有匹配的套餐系列"
      placeholder={placeholder}
      width={width}
    />
  );
}
