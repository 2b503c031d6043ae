// One voucher as a ticket: the amount on the left, its terms on the right.
import type { Voucher } from '@portal/contract';
import { formatYuan } from '@portal/domain';
import { formatValidUntil } from '@portal/domain/validity';
import type { ReactNode } from 'react';
import styles from '../commerce.module.css';
import ownStyles from './VoucherCard.module.css';
import { minSpendLabel, packageTypesLabel, VOUCHER_STATUS_LABEL } from '../model/labels';

interface Props {
  v: Voucher;
  /** greyed: used, expired or held by a pending order */
  dim?: boolean;
  right?: ReactNode;
  onClick?: () => void;
  /** the chosen one of a picker: looks chosen through aria-pressed (commerce.module.css) */
  selected?: boolean;
}

export function VoucherCard({ v, dim, right, onClick, selected }: Props) {
  const body = (
    <>
      <div className={ownStyles.ticketAmount}>
        <span>
          <small>¥</small>
          {formatYuan(v.amount)}
        </span>
        <small>{minSpendLabel(v.min_spend, formatYuan)}</small>
      </div>
      <div className={ownStyles.ticketBody}>
        <p className={ownStyles.ticketName}>{v.name}</p>
        <p className={styles.reason}>{packageTypesLabel(v.package_types)}</p>
        <p className={styles.reason}>
          有效期至 {formatValidUntil(v.expires_at)}
          {v.source ? ` · ${v.source}` : ''}
        </p>
      </div>
      <div className={ownStyles.ticketRight}>
        {right ?? (v.status !== 'usable' ? <span className={ownStyles.stamp}>{VOUCHER_STATUS_LABEL[v.status]}</span> : null)}
      </div>
    </>
  );
  const cls = `${ownStyles.ticket} ${dim ? ownStyles.ticketDim : ''}`;
  return onClick ? (
    <button type="button" className={cls} onClick={onClick} aria-pressed={Boolean(selected)} data-testid="voucher">
      {body}
    </button>
  ) : (
    <div className={cls} data-testid="voucher">
      {body}
    </div>
  );
}
