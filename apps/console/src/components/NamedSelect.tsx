// The console's one picker of a thing by its name (an agent, a package series): typed to narrow the
// list, instead of a field that wants the thing's number. A form control (value/onChange: the id);
// the options come from the list hook given (lib/selectOptions), each called by the label function,
// so AgentSelect and SeriesSelect differ only in their words.
import { Select } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { messageOf } from '../lib/api';

/** What a picker's form or filter may set. */
export interface PickerProps {
  value?: number | null;
  onChange?: (id: number | undefined) => void;
  placeholder?: string;
  width?: number;
  /** a filter may be cleared (全部…); a required form field need not */
  allowClear?: boolean;
  id?: string;
  'aria-label'?: string;
}

export interface NamedSelectProps<T extends { id: number }> extends PickerProps {
  /** the hook that reads the options (every one the operator may see) */
  useOptions: () => UseQueryResult<{ items: T[] }>;
  /** what an option is called: its name, with what tells two alike apart */
  label: (item: T) => string;
  /** said when the typed words match no option */
  notFound: string;
}

export function NamedSelect<T extends { id: number }>({
  useOptions,
  label,
  notFound,
  value,
  onChange,
  placeholder,
  width = 240,
  allowClear = true,
  ...rest
}: NamedSelectProps<T>) {
  const options = useOptions();
  return (
    <Select<number>
      {...rest}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear={allowClear}
      placeholder={placeholder}
      style={{ width }}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? undefined)}
      loading={options.isPending}
      notFoundContent={options.error ? messageOf(options.error) : notFound}
      options={(options.data?.items ?? []).map((item) => ({ value: item.id, label: label(item) }))}
    />
  );
}
