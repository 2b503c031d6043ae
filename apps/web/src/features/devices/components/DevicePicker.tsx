// 切换设备: the owner's devices in a bottom sheet; choosing one makes it the area's device. A plain
// sheet, not antd-mobile's Popup: this is the only Popup of the device pages and it would split
// antd-mobile's chunk.
import { groupCardNumber } from '@portal/domain';
import type { DeviceSummary } from '@portal/contract';
import { useState } from 'react';
import styles from './DevicePicker.module.css';
import { presenceText } from '../model/format';

interface Props {
  devices: readonly DeviceSummary[];
  current: string | undefined;
  onPick(customNum: string): void;
}

export function DevicePicker({ devices, current, onPick }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={styles.trigger} onClick={() => setOpen(true)}>
        切换设备
      </button>
      {open && (
        <div className={styles.mask} onClick={() => setOpen(false)}>
          <div className={styles.sheet} role="dialog" aria-modal="true" aria-label="选择设备" onClick={(e) => e.stopPropagation()}>
            <h2 className={styles.title}>选择设备</h2>
            {devices.map((d) => (
              <button
                key={d.custom_num}
                type="button"
                className={d.custom_num === current ? `${styles.item} ${styles.itemOn}` : styles.item}
                aria-current={d.custom_num === current ? 'true' : undefined}
                onClick={() => {
                  setOpen(false);
                  onPick(d.custom_num);
                }}
              >
                <span className={styles.name}>{d.model_name}</span>
                <span className={styles.sub}>
                  卡号 {groupCardNumber(d.custom_num)} · {presenceText(d)}
                </span>
              </button>
            ))}
            <button type="button" className={styles.cancel} onClick={() => setOpen(false)}>
              取消
            </button>
          </div>
        </div>
      )}
    </>
  );
}
