// /member — 会员等级: the user's level and growth, how far the next level is and what it still
// needs, the rights of the level (the package discount is applied by the server's pricing), the
// ways to rules, invitations and records, and the newest growth changes.
import { Link } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { Panel } from '../../components/Panel';
import { LoadFailed } from '../../components/StateBlock';
import { useMember } from '../../features/membership/api/membership';
import { AccountOnly } from '../../features/membership/components/AccountOnly';
import { NoProgramme } from '../../features/membership/components/NoProgramme';
import { chinaDay, GROWTH_SOURCE_LABEL, signed } from '../../features/membership/model/growthView';
import styles from '../../features/membership/membership.module.css';
import { withQuery } from '../../lib/query';
import { useStored } from '../../lib/useStored';

function MemberPage() {
  // a card-number login has no member account: not asked, said why (features/membership AccountOnly)
  const cardLogin = useStored('cardLogin') ?? false;
  const member = useMember(!cardLogin);
  const m = member.data;
  return (
    <div className={styles.page}>
      <PageHeader title="会员等级" fallback="/mine" />
      {cardLogin ? (
        <AccountOnly redirect="/member" />
      ) : member.isPending ? (
        <PageLoading />
      ) : member.isError ? (
        <LoadFailed text="会员信息加载失败" onRetry={() => member.refetch()} />
      ) : !m!.enabled ? (
        <NoProgramme />
      ) : (
        <>
          <section className={styles.hero} aria-label="我的会员等级">
            <div className={styles.heroTop}>
              <div>
                <p className={styles.levelName}>{m!.level?.name ?? '暂无等级'}</p>
                <p className={styles.heroText}>{m!.level?.discount_label ? `套餐享${m!.level.discount_label}` : '累计成长值即可升级'}</p>
              </div>
              <p className={styles.growth}>
                <strong data-testid="growth">{m!.growth}</strong>
                成长值
              </p>
            </div>
            <div
              className={styles.bar}
              role="progressbar"
              aria-label="升级进度"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={m!.percent}
            >
              <div className={styles.barFill} style={{ width: `${m!.percent}%` }} />
            </div>
            <p className={styles.heroText}>
              {m!.next ? `再获得 ${m!.needed} 成长值即可升级为「${m!.next.name}」` : '您已是最高等级，感谢您的支持'}
            </p>
          </section>

          <Panel title="当前权益">
            {m!.level && m!.level.rights.length > 0 ? (
              <ul className={styles.rights}>
                {m!.level.rights.map((r) => (
                  <li key={r} className={styles.right}>
                    {r}
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.muted}>暂无权益</p>
            )}
            {m!.next && (
              <p className={styles.muted} style={{ marginTop: 'calc(10 * var(--px))' }}>
                升级「{m!.next.name}」可享：{m!.next.rights.join('、')}
              </p>
            )}
          </Panel>

          <Panel title="会员服务">
            <nav className={styles.entries} aria-label="会员服务">
              <Link className={styles.entry} to="/member_rule">
                会员规则
              </Link>
              <Link className={styles.entry} to="/member_invite">
                邀请好友
              </Link>
              <Link className={styles.entry} to="/member_invite-records">
                邀请记录
              </Link>
            </nav>
          </Panel>

          <Panel title="成长值明细">
            {m!.history.length === 0 ? (
              <p className={styles.muted}>暂无成长值变动。支付订单、邀请好友均可获得成长值。</p>
            ) : (
              <ul className={styles.list} aria-label="成长值明细">
                {m!.history.map((h, i) => (
                  <li key={`${h.created_at}-${i}`} className={styles.row}>
                    <span>
                      {GROWTH_SOURCE_LABEL[h.source]}
                      <span className={styles.sub}>
                        {h.note} · {chinaDay(h.created_at)}
                      </span>
                    </span>
                    <span className={h.amount >= 0 ? styles.plus : styles.minus}>{signed(h.amount)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </>
      )}
    </div>
  );
}

export default withQuery(MemberPage);
