// Province → city, for the replacement address: a button that opens antd-mobile's cascade picker
// over the list of China's provinces and cities, which loads only when the picker first opens.
import { useState } from 'react';
import { CascadePicker, type CascadePickerOption } from '../../../lib/ui';
import styles from './RegionPicker.module.css';

let options: Promise<CascadePickerOption[]> | undefined;

function loadOptions(): Promise<CascadePickerOption[]> {
  options ??= import('@portal/contract/patterns/regions').then(({ REGIONS }) =>
    REGIONS.map((r) => ({ label: r.province, value: r.province, children: r.cities.map((c) => ({ label: c, value: c })) })),
  );
  return options;
}

export interface RegionPickerProps {
  /** id and aria attributes of the button (lib/formErrors) */
  control: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };
  province: string;
  city: string;
  onChange(province: string, city: string): void;
}

export function RegionPicker({ control, province, city, onChange }: RegionPickerProps) {
  const [loaded, setLoaded] = useState<CascadePickerOption[]>();
  const [visible, setVisible] = useState(false);
  const [failed, setFailed] = useState(false);

  async function open() {
    try {
      setLoaded(await loadOptions());
      setFailed(false);
      setVisible(true);
    } catch {
      options = undefined;
      setFailed(true);
    }
  }

  const chosen = province && city ? (city === province ? province : `${province} ${city}`) : '';
  return (
    <>
      <button type="button" className={`app-field ${styles.field}`} {...control} onClick={open}>
        <span className="app-field__label">所在地区</span>
        <span className={chosen ? styles.value : styles.placeholder}>{chosen || '请选择省份 / 城市'}</span>
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
        <CascadePicker
          title="选择所在地区"
          options={loaded}
          visible={visible}
          value={province && city ? [province, city] : []}
          onClose={() => setVisible(false)}
          onConfirm={(v) => {
            const [p, c] = v;
            if (p && c) onChange(String(p), String(c));
          }}
        />
      )}
    </>
  );
}
