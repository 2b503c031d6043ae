// /member_rule — 会员规则: the agent's levels (threshold, package discount, rights) and how growth
// is earned and taken back.
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { Panel } from '../../components/Panel';
import { LoadFailed } from '../../components/StateBlock';
import { useMember } from '../../features/membership/api/membership';
import { AccountOnly } from '../../features/membership/components/AccountOnly';
import { NoProgramme } from '../../features/membership/components/NoProgramme';
import styles from '../../features/membership/membership.module.css';
import { withQuery } from '../../lib/query';
import { useStored } from '../../lib/useStored';

function MemberRulePage() {
  const cardLogin = useStored('cardLogin') ?? false;
  const member = useMember(!cardLogin);
  const m = member.data;
  return (
    <div className={styles.page}>
      <PageHeader title="会员规则" fallback="/member" />
      {cardLogin ? (
        <AccountOnly redirect="/member_rule" />
      ) : member.isPending ? (
        <PageLoading />
      ) : member.isError ? (
        <LoadFailed text="会员规则加载失败" onRetry={() => member.refetch()} />
      ) : !m!.enabled ? (
        <NoProgramme />
      ) : (
        <>
          <Panel title="会员等级">
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">等级</th>
                  <th scope="col">所需成长值</th>
                  <th scope="col">套餐折扣</th>
                  <th scope="col">权益</th>
                </tr>
              </thead>
              <tbody>
                {m!.levels.map((l) => (
                  <tr key={l.level} aria-current={m!.level?.level === l.level ? 'true' : undefined}>
                    <td>{l.name}</td>
                    <td>{l.min_growth}</td>
                    <td>{l.discount_label || '无'}</td>
                    <td>{l.rights.join('、')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Panel>
          <Panel title="成长值规则">
            <ol className={styles.rules}>
              <li>通过微信、支付宝等方式支付订单（套餐、充值、券包），每实付1元得1成长值，不足1元的部分不计。</li>
              <li>使用余额支付的订单不再计成长值（充值时已计入）。</li>
              <li>
                邀请好友注册，好友首次购买套餐且退款期（7天）过后，您可获得 {m!.invite_reward_growth} 成长值；充值不计，每位好友只计一次。
              </li>
              <li>订单退款后，该订单获得的成长值将被扣回；好友首单退款的，邀请奖励一并收回。</li>
              <li>会员等级按累计成长值自动升级，套餐折扣在下单时自动计算并显示在订单价格中。</li>
            </ol>
          </Panel>
        </>
      )}
    </div>
  );
}

export default withQuery(MemberRulePage);
