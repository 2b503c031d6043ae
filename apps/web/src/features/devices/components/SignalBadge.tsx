import type { SignalVerdict } from '@portal/contract/enums';
import styles from './devices.module.css';

const BARS: Record<SignalVerdict, number> = { strong: 4, fair: 3, weak: 1, none: 0 };

/** 信号强 / 中 / 弱 / 无信号 with four bars. */
export function SignalBadge({ verdict, text }: { verdict: SignalVerdict; text: string }) {
  const n = BARS[verdict];
  return (
    <span className={`${styles.signal} ${styles[`signal_${verdict}`]}`} data-testid="signal">
      <svg viewBox="0 0 20 16" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <rect key={i} x={i * 5} y={12 - i * 4} width="3.4" height={4 + i * 4} rx="1" opacity={i < n ? 1 : 0.25} />
        ))}
      </svg>
      {verdict === 'none' ? text : `信号${text}`}
    </span>
  );
}
