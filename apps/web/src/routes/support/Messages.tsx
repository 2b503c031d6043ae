// /messages — 我的 → 消息中心 (docs/decisions/0044-holder-account.md): what the portal told the holder,
// newest first — the alerts' notices (剩余流量不足, 套餐即将到期, 自动续费 …) and support's steps on
// their tickets — read or not. Tapping one marks it read and opens where it leads (a ticket reply:
// the ticket). A card-number login has its own: the messages of its card's tickets and alerts.
import type { HolderMessage } from '@portal/contract';
import { formatDateTime, groupCardNumber } from '@portal/domain';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { LoadFailed, StateBlock } from '../../components/StateBlock';
import { useMarkRead, useMessages } from '../../features/messages/api/messages';
import { withQuery } from '../../lib/query';
import { useNavigate } from '../../lib/router';
import styles from './Messages.module.css';

const KIND_LABEL: Record<HolderMessage['kind'], string> = { alert: '提醒', ticket: '工单' };

function MessagesPage() {
  const navigate = useNavigate();
  const messages = useMessages();
  const markRead = useMarkRead();
  const pages = messages.data?.pages ?? [];
  const list = pages.flatMap((p) => p.list);
  const unread = pages[0]?.unread ?? 0;

  function open(m: HolderMessage) {
    if (!m.read) markRead.mutate({ id: m.id });
    if (m.link) navigate(m.link);
  }

  return (
    <div className={styles.page}>
      <PageHeader title="消息中心" fallback="/mine" />
      {messages.isPending ? (
        <PageLoading />
      ) : messages.isError ? (
        <LoadFailed text="消息加载失败" onRetry={() => messages.refetch()} />
      ) : list.length === 0 ? (
        <StateBlock kind="empty" text="暂无消息。流量、到期提醒和工单回复会保存在这里" />
      ) : (
        <>
          <div className={styles.bar}>
            <span data-testid="messages-unread">{unread > 0 ? `${unread}条未读` : '全部已读'}</span>
            {unread > 0 && (
              <button type="button" className={styles.readAll} onClick={() => markRead.mutate({ all: true })} disabled={markRead.isPending}>
                全部标为已读
              </button>
            )}
          </div>
          <ul className={styles.list} aria-label="消息列表">
            {list.map((m) => (
              <li key={m.id} className={styles.item}>
                <button type="button" className={m.read ? `${styles.card} ${styles.read}` : styles.card} onClick={() => open(m)}>
                  <span className={styles.head}>
                    <span className={m.kind === 'ticket' ? `${styles.tag} ${styles.tagTicket}` : styles.tag}>{KIND_LABEL[m.kind]}</span>
                    <span className={styles.title}>{m.title}</span>
                    {!m.read && (
                      <>
                        <span className={styles.dot} aria-hidden="true" />
                        <span className="visually-hidden">未读</span>
                      </>
                    )}
                  </span>
                  <span className={styles.body}>{m.body}</span>
                  <span className={styles.meta}>
                    <span>{m.custom_num ? `卡号 ${groupCardNumber(m.custom_num)}` : ''}</span>
                    <span>{formatDateTime(m.created_at)}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {messages.hasNextPage && (
            <button
              type="button"
              className={`app-btn app-btn--ghost ${styles.more}`}
              onClick={() => void messages.fetchNextPage()}
              disabled={messages.isFetchingNextPage}
            >
              {messages.isFetchingNextPage ? '加载中…' : '查看更早的消息'}
            </button>
          )}
        </>
      )}
    </div>
  );
}

export default withQuery(MessagesPage);
