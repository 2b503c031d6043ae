// The pay channel radio list. Which channels exist and why one cannot pay come from the server
// (the quote); inside a messaging app's browser the e-wallet channels that cannot pay there link
// to the guide for opening the page in a real browser.
import type { PayChannelOption, PayChannelValue } from '@portal/contract';
import { Link, useLocation } from 'react-router';
import styles from '../commerce.module.css';
import { handoffPageOf } from '../model/handoff';

interface Props {
  channels: readonly PayChannelOption[];
  value: PayChannelValue | null;
  onChange: (channel: PayChannelValue) => void;
  inMessagingApp: boolean;
}

export function ChannelPicker({ channels, value, onChange, inMessagingApp }: Props) {
  const location = useLocation();
  const back = encodeURIComponent(location.pathname + location.search);
  return (
    <div role="radiogroup" aria-label="支付方式">
      {channels.map((c) => {
        const guide = inMessagingApp && !c.available ? handoffPageOf(c.channel) : null;
        return (
          <label key={c.channel} className={`${styles.option} ${c.available ? '' : styles.disabled}`}>
            <span>
              <ChannelIcon channel={c.channel} />
              {c.name}
              {!c.available && c.reason ? <span className={styles.reason}>（{c.reason}）</span> : null}
              {guide ? (
                <Link className={styles.inlineLink} to={`${guide}?back=${back}`}>
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

const CHANNEL_COLOR: Record<number, string> = { 1: '#07c160', 2: '#1677ff', 3: '#f79009', 4: '#1677ff' };
const CHANNEL_MARK: Record<number, string> = { 1: '微', 2: '支', 3: '余', 4: '花' };

function ChannelIcon({ channel }: { channel: number }) {
  return (
    <span className={styles.channelIcon} style={{ background: CHANNEL_COLOR[channel] ?? '#999' }} aria-hidden="true">
      {CHANNEL_MARK[channel] ?? '付'}
    </span>
  );
}
