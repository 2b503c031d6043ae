// The device's recent changes: who asked what when, and what came of it.
import { formatDateTime } from '@portal/domain';
import { useDeviceChanges } from '../api/deviceQueries';
import dstyles from './devices.module.css';
import styles from './ClientList.module.css';

const TONE = { pending: dstyles.pending, applied: dstyles.applied, failed: dstyles.failed, cancelled: dstyles.cancelled } as const;

export function RecentChanges({ customNum }: { customNum: string }) {
  const changes = useDeviceChanges(customNum);
  const list = changes.data?.list;
  if (!list) return <p className={styles.muted}>{changes.isError ? '操作记录暂时无法获取' : '加载中…'}</p>;
  if (list.length === 0) return <p className={styles.muted}>暂无操作记录</p>;
  return (
    <ul className={styles.list} data-testid="recent-changes">
      {list.map((c) => (
        <li key={c.id} className={styles.row}>
          <div className={styles.info}>
            <span className={styles.name}>{c.summary}</span>
            <span className={styles.sub}>
              {formatDateTime(c.created_at)} · {c.requested_by}
            </span>
            {c.reason && <span className={styles.reason}>{c.reason}</span>}
          </div>
          <span className={`${dstyles.tag} ${TONE[c.state]}`}>{c.state_text}</span>
        </li>
      ))}
    </ul>
  );
}
