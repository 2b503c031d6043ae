// /member_invite-records — 邀请记录: each invitee (mobile masked) and how far they got: registered →
// card bound → first paid order → reward granted; a void invitation says why.
import { Link } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { Panel } from '../../components/Panel';
import { LoadFailed, StateBlock } from '../../components/StateBlock';
import { useInviteRecords } from '../../features/invites/api/invites';
import { AccountOnly } from '../../features/membership/components/AccountOnly';
import { chinaDay } from '../../features/membership/model/growthView';
import styles from '../../features/membership/membership.module.css';
import { withQuery } from '../../lib/query';
import { useStored } from '../../lib/useStored';

function MemberInviteRecordsPage() {
  const cardLogin = useStored('cardLogin') ?? false;
  const records = useInviteRecords(!cardLogin);
  return (
    <div className={styles.page}>
      <PageHeader title="邀请记录" fallback="/member_invite" />
      {cardLogin ? (
        <AccountOnly redirect="/member_invite-records" />
      ) : records.isPending ? (
        <PageLoading />
      ) : records.isError ? (
        <LoadFailed text="邀请记录加载失败" onRetry={() => records.refetch()} />
      ) : records.data.list.length === 0 ? (
        <StateBlock
          kind="empty"
          text="还没有邀请记录，快去邀请好友吧"
          action={
            <Link className="app-btn app-btn--primary" to="/member_invite">
              去邀请
            </Link>
          }
        />
      ) : (
        <Panel title={`共邀请 ${records.data.list.length} 位好友`}>
          <ul className={styles.list} aria-label="邀请记录">
            {records.data.list.map((r, i) => (
              <li key={`${r.created_at}-${i}`} className={styles.record} data-testid="invite-record">
                <div className={styles.heroTop}>
                  <span>
                    {r.mobile}
                    <span className={styles.sub}>注册于 {chinaDay(r.created_at)}</span>
                  </span>
                  <span className={styles.state} data-state={r.state}>
                    {r.state_label}
                  </span>
                </div>
                <ol className={styles.steps} aria-label="邀请进度">
                  {r.steps.map((s) => (
                    <li key={s.key} data-done={s.done} aria-label={`${s.label}：${s.done ? '已完成' : '未完成'}`}>
                      {s.label}
                    </li>
                  ))}
                </ol>
                {r.void_reason && <p className={styles.reason}>失效原因：{r.void_reason}</p>}
              </li>
            ))}
          </ul>
        </Panel>
      )}
    </div>
  );
}

export default withQuery(MemberInviteRecordsPage);
