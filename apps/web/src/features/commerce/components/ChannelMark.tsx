// The pay channels' marks, drawn by us as small inline SVGs in each brand's colour (no images to
// load, no borrowed artwork): messaging-app pay as two green chat bubbles with a tick, e-wallet as
// a blue shield-like square with a 支 stroke, instalment as a blue calendar cut in three, the
// balance as an orange wallet.
import styles from './ChannelMark.module.css';

export function ChannelMark({ channel }: { channel: number }) {
  return (
    <svg className={styles.chMark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      {MARKS[channel] ?? MARKS[0]}
    </svg>
  );
}

const MARKS: Record<number, React.ReactNode> = {
  // messaging-app pay: a green tile, a big and a small speech bubble, a tick in the big one
  1: (
    <>
      <rect width="32" height="32" rx="8" fill="#07c160" />
      <path d="M13 7c-5 0-9 3.3-9 7.4 0 2.3 1.3 4.4 3.3 5.8L6.6 23l3.4-1.8c1 .3 2 .4 3 .4 5 0 9-3.3 9-7.3S18 7 13 7z" fill="#fff" />
      <path d="M9 14.6l2.6 2.5 5.2-5.2" fill="none" stroke="#07c160" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      <path
        d="M23.5 14.5c.1.4.1.8.1 1.2 0 4.8-4.6 8.4-10 8.6 1.5 1.6 3.9 2.7 6.6 2.7.8 0 1.6-.1 2.3-.3l2.6 1.4-.6-2.3c1.6-1.1 2.6-2.8 2.6-4.6 0-2.7-1.5-5-3.6-6.7z"
        fill="#fff"
        opacity=".85"
      />
    </>
  ),
  // e-wallet: a blue tile with a white rounded square and a 支-like stroke
  2: (
    <>
      <rect width="32" height="32" rx="8" fill="#1677ff" />
      <rect x="6" y="6" width="20" height="20" rx="5" fill="#fff" />
      <path
        d="M10 11.5h12M16 8.5v6.5M11 15h10c-1.3 4.4-5 7.6-10 8.3M14.5 18.5c2.6 1.8 5.1 3.1 8 3.9"
        fill="none"
        stroke="#1677ff"
        strokeWidth="1.9"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </>
  ),
  // the balance: an orange wallet with its clasp
  3: (
    <>
      <rect width="32" height="32" rx="8" fill="#f79009" />
      <path d="M8 11.5c0-1.4 1.1-2.5 2.5-2.5h10l1.5 2.5" fill="none" stroke="#fff" strokeWidth="1.8" strokeLinejoin="round" />
      <rect x="7" y="11.5" width="18" height="12" rx="2.5" fill="#fff" />
      <rect x="18" y="15.5" width="7" height="4" rx="1.5" fill="#f79009" />
      <circle cx="20.5" cy="17.5" r="1" fill="#fff" />
    </>
  ),
  // e-wallet instalment: a blue calendar page cut into three instalments
  4: (
    <>
      <rect width="32" height="32" rx="8" fill="#1677ff" />
      <rect x="7" y="9" width="18" height="16" rx="3" fill="#fff" />
      <path d="M11 7v4M21 7v4" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      <rect x="9.5" y="15" width="3.6" height="7" rx="1" fill="#1677ff" />
      <rect x="14.2" y="15" width="3.6" height="7" rx="1" fill="#1677ff" opacity=".7" />
      <rect x="18.9" y="15" width="3.6" height="7" rx="1" fill="#1677ff" opacity=".4" />
    </>
  ),
  // any other channel: a neutral card
  0: (
    <>
      <rect width="32" height="32" rx="8" fill="#8f959e" />
      <rect x="6" y="10" width="20" height="13" rx="2.5" fill="#fff" />
      <path d="M6 14h20" stroke="#8f959e" strokeWidth="2.5" />
    </>
  ),
};
