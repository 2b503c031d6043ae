// The alerts' notices on home: what happened (流量不足, 即将到期, 已自动续费, 余额不足…), the one
// thing to do about it, and × to dismiss. Nothing while they load or when there are none.
import { Link } from '../../../lib/router';
import { useCardNotices, useDismissNotice } from '../api/notices';
import { noticeAction } from '../model/noticeAction';
import styles from './NoticeList.module.css';

const URGENT = new Set(['data_low', 'renew_short', 'renew_failed']);

export function NoticeList({ customNum }: { customNum: string }) {
  const notices = useCardNotices(customNum);
  const dismiss = useDismissNotice(customNum);
  const list = notices.data?.list ?? [];
  if (list.length === 0) return null;
  return (
    <section className={styles.list} aria-label="提醒">
      {list.map((n) => {
        const action = noticeAction(n);
        return (
          <article key={n.id} className={`${styles.notice} ${URGENT.has(n.kind) ? styles.urgent : ''}`} data-testid="card-notice">
            <div className={styles.text}>
              <h2 className={styles.title}>{n.title}</h2>
              <p className={styles.body}>{n.body}</p>
              {action && (
                <Link to={action.path} className={styles.action}>
                  {action.text}
                </Link>
              )}
            </div>
            <button type="button" className={styles.close} aria-label={`关闭提醒：${n.title}`} onClick={() => dismiss.mutate(n.id)}>
              <svg viewBox="0 0 16 16" aria-hidden="true">
                <path d="M4 4l8 8M12 4l-8 8" />
              </svg>
            </button>
          </article>
        );
      })}
    </section>
  );
}
