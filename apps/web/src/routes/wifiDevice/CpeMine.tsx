// /cpe_mine — the wifi-device area's 我的 (open, spec §4): who is logged in, the current device,
// and the way to everything the owner manages; logout. The area's tab bar at the bottom.
import { groupCardNumber, maskMobile } from '@portal/domain';
import { useNavigate, Link } from '../../lib/router';
import { logout } from '../../features/auth/api/logout';
import { useCurrentDevice } from '../../features/devices/api/useCurrentDevice';
import { DeviceTabBar } from '../../features/devices/components/views';
import { loginUrl } from '../../lib/navigation';
import { withQuery } from '../../lib/query';
import { clearOnLogout } from '../../lib/session';
import { local } from '../../lib/storage';
import { confirm } from '../../lib/confirm';
import { useStored } from '../../lib/useStored';
import styles from './CpeMine.module.css';
import { presenceText } from '../../features/devices/model/format';

const ENTRIES = [
  { to: '/cpe_router', name: '我的设备', hint: '切换、解绑设备' },
  { to: '/cpe_bind', name: '添加设备', hint: '输入序列号和卡号' },
  { to: '/cpe_setting', name: 'WiFi设置', hint: '名称、密码、终端' },
  { to: '/cpe_network', name: '网络设置', hint: '运营商、网络模式' },
  { to: '/cpe_combo', name: '套餐订购', hint: '为设备的卡续订套餐' },
  { to: '/cpe_order', name: '我的订单', hint: '设备卡的订单' },
  { to: '/cpe_remind', name: '温馨提醒', hint: '实名、到期、流量、离线' },
  { to: '/', name: '流量卡首页', hint: '充值、套餐、实名' },
] as const;

function CpeMinePage() {
  const navigate = useNavigate();
  const { loggedIn, devices, device } = useCurrentDevice();
  const mobile = useStored('mobile');
  const cardLogin = useStored('cardLogin') ?? false;
  const customNum = useStored('customNum');

  async function onLogout() {
    const ok = await confirm({ title: '退出登录', content: '确定要退出当前账号吗？', confirmText: '退出' });
    if (!ok) return;
    await logout().catch(() => undefined);
    const mark = local.get('mark');
    const loginModel = local.get('loginModel');
    clearOnLogout();
    navigate(loginUrl({ mark, loginModel }), { replace: true });
  }

  return (
    <div className={styles.page}>
      <section className={styles.user}>
        <div className={styles.avatar} aria-hidden="true">
          <svg viewBox="0 0 24 24">
            <path d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2c-4.4 0-8 2.2-8 5v1.5h16V19c0-2.8-3.6-5-8-5z" />
          </svg>
        </div>
        {loggedIn ? (
          <div>
            <p className={styles.name}>{cardLogin ? `卡号 ${groupCardNumber(customNum ?? '')}` : mobile ? maskMobile(mobile) : '已登录'}</p>
            <p className={styles.sub}>{cardLogin ? '卡号登录（管理设备请使用手机号或账号登录）' : `${devices.length}台设备`}</p>
          </div>
        ) : (
          <div>
            <p className={styles.name}>未登录</p>
            <Link className={styles.login} to="/login?login_model=mobile&redirect=%2Fcpe_mine">
              登录后管理设备
            </Link>
          </div>
        )}
      </section>

      {device && (
        <Link to="/cpe" className={styles.device}>
          <span>
            <strong>{device.model_name}</strong>
            <small>卡号 {groupCardNumber(device.custom_num)}</small>
          </span>
          <span className={device.online && device.reachable ? styles.on : styles.off}>{presenceText(device)}</span>
        </Link>
      )}

      <nav className={styles.entries} aria-label="设备服务">
        {ENTRIES.map((e) => (
          <Link key={e.to} to={e.to} className={styles.entry}>
            <span className={styles.entryName}>{e.name}</span>
            <span className={styles.entryHint}>{e.hint}</span>
          </Link>
        ))}
      </nav>

      {loggedIn && (
        <div className={styles.logoutRow}>
          <button type="button" className={`app-btn app-btn--block ${styles.logout}`} onClick={() => void onLogout()}>
            退出登录
          </button>
        </div>
      )}
      <DeviceTabBar path="/cpe_mine" />
    </div>
  );
}

export default withQuery(CpeMinePage);
