// /mine — personal centre (keep-alive): who is logged in, the current card, links, logout.
import { groupCardNumber, maskMobile } from '@portal/domain';
import { useNavigate } from '../../lib/router';
import { CopyButton } from '../../components/CopyButton';
import { logout } from '../../features/auth/api/logout';
import { useSession } from '../../features/auth/api/session';
import { useCurrentDevice } from '../../features/devices/api/useCurrentDevice';
import { useUnreadMessages } from '../../features/messages/api/messages';
import { useMember } from '../../features/membership/api/membership';
import { useShopProducts } from '../../features/shop/api/shop';
import { useBrand } from '../../features/branding/model/brandingStore';
import { StatusTag } from '../../features/cards/components/StatusTag';
import { loginUrl } from '../../lib/navigation';
import { withQuery } from '../../lib/query';
import { clearOnLogout } from '../../lib/session';
import { local } from '../../lib/storage';
import { confirm } from '../../lib/confirm';
import { List } from '../../lib/uiList';
import { useStored } from '../../lib/useStored';
import styles from './Mine.module.css';

const ICON = {
  cards: 'M7 3h7l5 5v12a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM9 12h6v5H9z',
  flow: 'M4 19h16M6 16V10M10 16V5M14 16v-7M18 16v-4',
  total: 'M4 6h16M4 12h16M4 18h10',
  service: 'M5 13v-1a7 7 0 0 1 14 0v1M5 13h2v5H5zM17 13h2v5h-2z',
  privacy: 'M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6z',
  agreement: 'M7 3h10a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM9 8h6M9 12h6M9 16h4',
  password: 'M7 11V8a5 5 0 0 1 10 0v3M6 11h12v9H6zM12 14.5v2',
  // commerce
  order: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6',
  coupon: 'M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4zM14 7v10',
  wallet: 'M3 7h18v12H3zM3 11h18M16 15h2',
  ledger: 'M5 4h14v16H5zM8 8h8M8 12h8M8 16h5',
  bell: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20h4',
  suggest: 'M4 5h16v11H9l-5 4zM8 9h8M8 12h5',
  agent: 'M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21v-1a6 6 0 0 1 12 0v1M18 8v6M15 11h6',
  member: 'M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4 6.8 19.1l1-5.8L3.5 9.2l5.9-.9z',
  check: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4M8 11l2 2 4-4',
  shop: 'M4 5h2l2 11h11l2-8H7M10 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2zM17 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2z',
  // the account and what it was told
  security: 'M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6zM9.5 12l2 2 3.5-4',
  message: 'M4 6h16v11H4zM4 7l8 6 8-6',
  gift: 'M4 10h16v4H4zM6 14h12v7H6zM12 10v11M12 10c-2-4-6-4-6-1.5S10 10 12 10zM12 10c2-4 6-4 6-1.5S14 10 12 10z',
  router: 'M4 14h16v5H4zM8 14l-2-6M16 14l2-6M7.5 16.5h.01M11 16.5h2',
};

function Icon({ d, color }: { d: string; color: string }) {
  return (
    <span className={styles.icon} style={{ background: `${color}1a` }}>
      <svg viewBox="0 0 24 24" aria-hidden="true" style={{ stroke: color }}>
        <path d={d} />
      </svg>
    </span>
  );
}

function MinePage() {
  const navigate = useNavigate();
  const brand = useBrand();
  const token = useStored('token');
  const mobile = useStored('mobile');
  const customNum = useStored('customNum');
  // the brand's device shop (product_form): listed only while it is open
  const shopOpen = useShopProducts(useStored('mark')).data?.open === true;
  const cardInfo = useStored('cardInfo');
  const cardLogin = useStored('cardLogin') ?? false;
  // 会员中心 only for a brand that runs a membership programme
  const memberOpen = useMember(!cardLogin).data?.enabled === true;
  const session = useSession(Boolean(token));
  const unread = useUnreadMessages(Boolean(token)).data?.unread ?? 0;
  // the device area for a router card: the current card is in one of the holder's devices
  const routerCard = Boolean(useCurrentDevice('card').device);

  const name = cardLogin ? `卡号 ${groupCardNumber(customNum ?? '')}` : mobile ? maskMobile(mobile) : (session.data?.account ?? '用户');
  const sub = cardLogin ? '卡号登录' : session.data?.account ? `账号：${session.data.account}` : '手机号登录';

  async function onLogout() {
    const ok = await confirm({ title: '退出登录', content: '确定要退出当前账号吗？', confirmText: '退出' });
    if (!ok) return;
    await logout().catch(() => undefined);
    const mark = local.get('mark');
    const loginModel = local.get('loginModel');
    clearOnLogout();
    navigate(loginUrl({ mark, loginModel }), { replace: true });
  }

  const go = (to: string) => () => navigate(to);

  return (
    <div className={`${styles.page}`}>
      <header className={styles.hero}>
        <div className={styles.avatar} aria-hidden="true">
          <svg viewBox="0 0 24 24">
            <path d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2c-4.4 0-8 2.2-8 5v1.5h16V19c0-2.8-3.6-5-8-5z" />
          </svg>
        </div>
        <div className={styles.who}>
          <p className={styles.name} data-testid="mine-name">
            {name}
          </p>
          <p className={styles.sub}>{sub}</p>
        </div>
      </header>

      {customNum && (
        <div className={styles.current}>
          <button type="button" className={styles.currentGo} onClick={go('/card_list')}>
            <span className={styles.currentLabel}>当前卡片</span>
            <span className={styles.currentNum}>{groupCardNumber(customNum)}</span>
            {cardInfo?.custom_num === customNum && <StatusTag state={cardInfo.state} />}
            <span className={styles.chevron} aria-hidden="true">
              ›
            </span>
          </button>
          <CopyButton text={customNum} label="卡号" />
        </div>
      )}

      <div className={styles.group}>
        <List>
          <List.Item prefix={<Icon d={ICON.cards} color="#127eff" />} onClick={go('/card_list')}>
            卡片管理
          </List.Item>
          <List.Item prefix={<Icon d={ICON.flow} color="#12b76a" />} onClick={go('/flow')}>
            流量查询
          </List.Item>
          <List.Item prefix={<Icon d={ICON.total} color="#7a5af8" />} onClick={go('/flow_list')}>
            累计用量
          </List.Item>
          <List.Item prefix={<Icon d={ICON.check} color="#0ba5ec" />} onClick={go('/card_check')}>
            快速检测
          </List.Item>
          {customNum && (
            <List.Item prefix={<Icon d={ICON.bell} color="#f04438" />} onClick={go('/alert_setting')}>
              提醒与自动续费
            </List.Item>
          )}
          {brand.cardLogin && customNum && (
            <List.Item prefix={<Icon d={ICON.password} color="#f79009" />} onClick={go('/forgot?set=true')}>
              卡登录密码
            </List.Item>
          )}
          {routerCard && (
            <List.Item prefix={<Icon d={ICON.router} color="#127eff" />} onClick={go('/cpe')} description="WiFi、连接设备、网络切换">
              设备管理
            </List.Item>
          )}
        </List>
      </div>

      <div className={styles.group}>
        <List>
          <List.Item
            prefix={<Icon d={ICON.message} color="#127eff" />}
            onClick={go('/messages')}
            extra={
              unread > 0 ? (
                <>
                  <span className={styles.badge} data-testid="mine-unread">
                    {unread > 99 ? '99+' : unread}
                  </span>
                  <span className="visually-hidden">条未读</span>
                </>
              ) : undefined
            }
          >
            消息中心
          </List.Item>
          <List.Item prefix={<Icon d={ICON.security} color="#12b76a" />} onClick={go('/account_security')}>
            账号安全
          </List.Item>
        </List>
      </div>

      {customNum && (
        <div className={styles.group}>
          <List>
            <List.Item prefix={<Icon d={ICON.order} color="#127eff" />} onClick={go('/order')}>
              我的订单
            </List.Item>
            <List.Item prefix={<Icon d={ICON.coupon} color="#f04438" />} onClick={go('/coupons')}>
              优惠券
            </List.Item>
            <List.Item prefix={<Icon d={ICON.gift} color="#d4a017" />} onClick={go('/gift')}>
              我的礼品
            </List.Item>
            <List.Item prefix={<Icon d={ICON.wallet} color="#f79009" />} onClick={go('/recharge')}>
              余额充值
            </List.Item>
            <List.Item prefix={<Icon d={ICON.ledger} color="#12b76a" />} onClick={go('/recharge_coupon')}>
              余额明细
            </List.Item>
          </List>
        </div>
      )}

      <div className={styles.group}>
        <List>
          <List.Item
            prefix={<Icon d={ICON.service} color="#0ba5ec" />}
            onClick={go('/customer?form=mine')}
            extra={brand.hotline || undefined}
          >
            在线客服
          </List.Item>
          <List.Item prefix={<Icon d={ICON.suggest} color="#f79009" />} onClick={go('/suggest')}>
            投诉建议
          </List.Item>
          {!cardLogin && memberOpen && (
            <List.Item prefix={<Icon d={ICON.member} color="#d4a017" />} onClick={go('/member')}>
              会员中心
            </List.Item>
          )}
          {!cardLogin && (
            <List.Item
              prefix={
                <Icon d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z" color="#0ba5ec" />
              }
              onClick={go('/address')}
            >
              地址管理
            </List.Item>
          )}
          {shopOpen && (
            <List.Item prefix={<Icon d={ICON.shop} color="#12b76a" />} onClick={go('/shopping')}>
              设备商城
            </List.Item>
          )}
          {brand.agentForm && (
            <List.Item prefix={<Icon d={ICON.agent} color="#7a5af8" />} onClick={go('/agent')}>
              申请成为代理
            </List.Item>
          )}
          <List.Item prefix={<Icon d={ICON.privacy} color="#667085" />} onClick={go('/privacy')}>
            隐私政策
          </List.Item>
          <List.Item prefix={<Icon d={ICON.agreement} color="#667085" />} onClick={go('/agreement')}>
            用户协议
          </List.Item>
        </List>
      </div>

      <button type="button" className={styles.logout} onClick={onLogout}>
        退出登录
      </button>

      {brand.company && <p className={styles.footer}>{brand.company}</p>}
    </div>
  );
}

export default withQuery(MinePage);
