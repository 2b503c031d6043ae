// What a paid order did for a card that was stopped (the order's `line_after`, from the server's
// one read model of the line): 已恢复上网, 正在恢复 with a way to check, or 仍停机 with where to look.
import type { Order } from '@portal/contract';
import { Link } from '../../../lib/router';
import styles from './LineAfterNote.module.css';

export function LineAfterNote({
  order,
  onCheck,
  checking,
  cardCheckPath,
}: {
  order: Pick<Order, 'line_after' | 'custom_num'>;
  /** ask again (the server asks the carrier once more) */
  onCheck: () => void;
  checking: boolean;
  /** where the holder sees why the card is still stopped */
  cardCheckPath: string;
}) {
  switch (order.line_after) {
    case 'back_online':
      return (
        <p className={`${styles.lineAfter} ${styles.lineAfterOk}`} data-testid="line-after" role="status">
          已恢复上网：卡已恢复正常，设备重新联网即可使用
        </p>
      );
    case 'restoring':
      return (
        <div className={`${styles.lineAfter} ${styles.lineAfterWait}`} data-testid="line-after" role="status">
          <p>正在恢复上网，预计 5 分钟内完成。恢复后设备重新联网即可使用。</p>
          <button type="button" className="app-btn app-btn--ghost" disabled={checking} onClick={onCheck}>
            {checking ? '查询中…' : '查看恢复进度'}
          </button>
        </div>
      );
    case 'stopped':
      return (
        <div className={`${styles.lineAfter} ${styles.lineAfterBad}`} data-testid="line-after" role="status">
          <p>卡仍处于停机状态：这笔订单不能让它恢复上网。</p>
          <Link className="app-btn app-btn--ghost" to={cardCheckPath}>
            查看原因
          </Link>
        </div>
      );
    default:
      return null;
  }
}
