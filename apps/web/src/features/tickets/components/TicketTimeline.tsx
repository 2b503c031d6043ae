// A ticket's progress: every step it went through (with the operator's replies), then the steps
// still ahead, greyed (submitted → in progress → replied → closed).
import { TICKET_STATUS_LABEL, TICKET_STATUSES } from '@portal/contract/patterns/tickets';
import type { TicketEvent } from '@portal/contract';
import styles from './TicketTimeline.module.css';

const when = (iso: string) => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
};

export function TicketTimeline({ events }: { events: TicketEvent[] }) {
  const reached = events.length ? TICKET_STATUSES.indexOf(events[events.length - 1].status) : 0;
  const ahead = TICKET_STATUSES.slice(reached + 1);
  return (
    <ol className={styles.timeline} aria-label="处理进度">
      {events.map((e, i) => (
        <li key={i} className={i === events.length - 1 ? `${styles.step} ${styles.current}` : styles.step}>
          <div className={styles.head}>
            <span className={styles.label}>{e.label}</span>
            <time className={styles.time}>{when(e.at)}</time>
          </div>
          {e.content && <p className={e.status === 'replied' ? styles.reply : styles.note}>{e.content}</p>}
        </li>
      ))}
      {ahead.map((s) => (
        <li key={s} className={`${styles.step} ${styles.ahead}`}>
          <div className={styles.head}>
            <span className={styles.label}>{TICKET_STATUS_LABEL[s]}</span>
          </div>
        </li>
      ))}
    </ol>
  );
}
