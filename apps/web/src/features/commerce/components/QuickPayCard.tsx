// The frame of a quick payment page for one card number, without a login (/quick_recharge,
// /quick_select_package): the card it pays for, said before anything else, and the one guard —
// no ?custom_num= (an old link, a bookmark) asks for the number on /quick_payment instead of
// showing a form that could not pay for anything.
import { groupCardNumber } from '@portal/domain';
import type { ReactNode } from 'react';
import { Link } from '../../../lib/router';
import { PageHeader } from '../../../components/PageHeader';
import { StateBlock } from '../../../components/StateBlock';
import styles from '../commerce.module.css';

export interface QuickPayCardProps {
  title: string;
  customNum: string;
  /** what is done for the card: 「为卡号 … {doing}」 */
  doing: string;
  children: ReactNode;
}

export function QuickPayCard({ title, customNum, doing, children }: QuickPayCardProps) {
  if (!customNum) {
    return (
      <div className={styles.page}>
        <PageHeader title={title} fallback="/quick_payment" />
        <StateBlock
          kind="empty"
          text="请先输入卡号"
          action={
            <Link className="app-btn app-btn--primary" to="/quick_payment" replace>
              去输入卡号
            </Link>
          }
        />
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <PageHeader title={title} fallback={`/quick_payment?custom_num=${encodeURIComponent(customNum)}`} />
      <p className={styles.cardLine}>
        为卡号 <strong>{groupCardNumber(customNum)}</strong> {doing}
      </p>
      {children}
    </div>
  );
}
