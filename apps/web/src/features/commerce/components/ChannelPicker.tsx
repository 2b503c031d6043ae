// The pay channel radio list. Which channels exist and why one cannot pay come from the server
// (the quote); inside a messaging app's browser the e-wallet channels that cannot pay there link
// to the guide for opening the page in a real browser. The balance channel shows the balance;
// when it is short, it says so with a 去充值 that comes back here after the recharge.
import type { PayChannelOption, PayChannelValue } from '@portal/contract';
import { formatYuan } from '@portal/domain';
import { Link, useLocation, useNavigate } from '../../../lib/router';
import styles from '../commerce.module.css';
import ownStyles from './ChannelPicker.module.css';
import { handoffPageOf, purchaseToResume } from '../model/handoff';
import { ChannelMark } from './ChannelMark';

interface Props {
  channels: readonly PayChannelOption[];
  value: PayChannelValue | null;
  onChange: (channel: PayChannelValue) => void;
  inMessagingApp: boolean;
  /** runs (and is waited for) before 去充值 leaves for /recharge, which recharges the current card */
  beforeTopUp?: () => Promise<void> | void;
}

export function ChannelPicker({ channels, value, onChange, inMessagingApp, beforeTopUp }: Props) {
  const location = useLocation();
  const navigate = useNavigate();
  const here = location.pathname + location.search;
  const back = encodeURIComponent(here);
  return (
    <div role="radiogroup" aria-label="支付方式">
      {channels.map((c) => {
        const guide = inMessagingApp && !c.available ? handoffPageOf(c.channel) : null;
        const short = c.balance !== undefined && !c.available && c.reason === '余额不足';
        return (
          <label
            key={c.channel}
            className={`${ownStyles.option} ${c.available ? '' : ownStyles.disabled}`}
            data-testid={`channel-${c.channel}`}
          >
            <span className={ownStyles.chLabel}>
              <span className={c.available ? undefined : ownStyles.chDisabledMark}>
                <ChannelMark channel={c.channel} />
              </span>
              {c.name}
              {c.balance !== undefined ? (
                <span className={short ? ownStyles.chShort : ownStyles.chBalance}>
                  （余额 ¥{formatYuan(c.balance)}
                  {short ? '，不足支付' : ''}）
                </span>
              ) : null}
              {!c.available && c.reason && !short ? <span className={styles.reason}>（{c.reason}）</span> : null}
              {short ? (
                <Link
                  className={ownStyles.chTopUp}
                  to="/recharge"
                  onClick={(e) => {
                    purchaseToResume.remember(here);
                    if (!beforeTopUp) return;
                    // the page makes another card current first: /recharge once that is done
                    e.preventDefault();
                    void Promise.resolve(beforeTopUp()).then(() => navigate('/recharge'));
                  }}
                >
                  去充值
                </Link>
              ) : null}
              {guide ? (
                <Link className={ownStyles.inlineLink} to={`${guide}?back=${back}`}>
                  如何打开
                </Link>
              ) : null}
            </span>
            <input type="radio" name="channel" checked={value === c.channel} disabled={!c.available} onChange={() => onChange(c.channel)} />
          </label>
        );
      })}
    </div>
  );
}
