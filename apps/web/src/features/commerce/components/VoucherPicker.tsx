// The voucher row of an order: shows the chosen voucher and opens a popup with the vouchers the
// server says apply to this package (best first). The discount itself comes from the quote.
import type { Voucher } from '@portal/contract';
import { formatYuan } from '@portal/domain';
import { useState } from 'react';
import { Popup } from '../../../lib/ui';
import styles from '../commerce.module.css';
import ownStyles from './VoucherPicker.module.css';
import { VoucherCard } from './VoucherCard';

interface Props {
  vouchers: readonly Voucher[];
  loading: boolean;
  /** null: none chosen */
  value: number | null;
  onChange: (id: number | null) => void;
}

export function VoucherPicker({ vouchers, loading, value, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const chosen = vouchers.find((v) => v.id === value);
  const pick = (id: number | null) => {
    onChange(id);
    setOpen(false);
  };
  return (
    <>
      <button
        type="button"
        className={styles.pickRow}
        onClick={() => setOpen(true)}
        disabled={loading || vouchers.length === 0}
        data-testid="voucher-row"
      >
        <span>优惠券</span>
        <span className={chosen ? styles.discount : styles.reason}>
          {loading
            ? '加载中…'
            : chosen
              ? `${chosen.name} -¥${formatYuan(chosen.amount)}`
              : vouchers.length
                ? `${vouchers.length}张可用`
                : '暂无可用'}
          {vouchers.length ? <span className={styles.chevron}>›</span> : null}
        </span>
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '70vh', overflowY: 'auto' }}
      >
        <div className={ownStyles.popup} role="dialog" aria-label="选择优惠券">
          <h2 className={ownStyles.popupTitle}>选择优惠券</h2>
          <div className={styles.tickets}>
            {vouchers.map((v) => (
              <VoucherCard
                key={v.id}
                v={v}
                selected={v.id === value}
                onClick={() => pick(v.id)}
                right={<span className={`${ownStyles.radioDot} ${v.id === value ? ownStyles.radioDotOn : ''}`} />}
              />
            ))}
          </div>
          <button
            type="button"
            className={`app-btn app-btn--ghost app-btn--block ${ownStyles.noVoucher}`}
            aria-pressed={value === null}
            onClick={() => pick(null)}
          >
            不使用优惠券
          </button>
        </div>
      </Popup>
    </>
  );
}
