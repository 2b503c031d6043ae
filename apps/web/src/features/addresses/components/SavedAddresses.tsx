// 从地址簿选择: a holder's saved addresses offered in an address form (the device shop, the card
// replacement). Picking one fills the form; the default one fills an empty form when it opens.
// 管理收货地址 leads to 地址管理 (/address), which comes back here. A card-number login has no
// saved addresses, so it sees nothing of this.
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from '../../../lib/router';
import { NETWORK_FAILED } from '../../../lib/networkFailed';
import { toast } from '../../../lib/toast';
import type { Popup as PopupType } from '../../../lib/ui';
import { useStored } from '../../../lib/useStored';
import { useSavedAddresses, type SavedAddress } from '../api/addresses';
import { addressLine } from '../model/region';
import styles from './SavedAddresses.module.css';

export interface SavedAddressesProps {
  onPick(a: SavedAddress): void;
  /** the form is still empty: the default address may fill it */
  empty: boolean;
}

// antd-mobile's sheet comes with the first tap on 从地址簿选择, not with the page's first load
// (docs/decisions/0078-a-cold-visit-asks-for-its-data-at-once.md); its member named, so the bundler
// keeps of antd-mobile only what is used
let popup: Promise<typeof PopupType> | undefined;
function loadPopup(): Promise<typeof PopupType> {
  popup ??= import('../../../lib/ui').then((m) => m.Popup);
  popup.catch(() => (popup = undefined));
  return popup;
}

export function SavedAddresses({ onPick, empty }: SavedAddressesProps) {
  const cardLogin = useStored('cardLogin') ?? false;
  const saved = useSavedAddresses(!cardLogin);
  const [open, setOpen] = useState(false);
  const [Popup, setPopup] = useState<typeof PopupType>();
  const here = useLocation();
  const filled = useRef(false);
  const list = saved.data ?? [];
  const fallback = list.find((a) => a.is_default);

  useEffect(() => {
    if (filled.current || !fallback) return;
    filled.current = true;
    if (empty) onPick(fallback);
  }, [fallback, empty, onPick]);

  if (cardLogin) return null;
  const manage = `/address?back=${encodeURIComponent(here.pathname + here.search)}`;
  return (
    <div className={styles.bar}>
      {list.length > 0 ? (
        <button
          type="button"
          className={styles.pick}
          onClick={() =>
            loadPopup().then(
              (p) => {
                setPopup(() => p);
                setOpen(true);
              },
              () => toast(NETWORK_FAILED),
            )
          }
        >
          从地址簿选择（{list.length}）
        </button>
      ) : (
        <span className={styles.none}>{saved.isPending ? '正在读取地址簿…' : '地址簿还没有地址'}</span>
      )}
      <Link className={styles.manage} to={manage}>
        管理收货地址
      </Link>
      {Popup && (
        <Popup visible={open} onMaskClick={() => setOpen(false)} bodyClassName={styles.sheet}>
          <h2 className={styles.title}>选择收货地址</h2>
          <ul className={styles.list} aria-label="地址簿">
            {list.map((a) => (
              <li key={a.id}>
                <button
                  type="button"
                  className={styles.item}
                  data-address={a.id}
                  onClick={() => {
                    onPick(a);
                    setOpen(false);
                  }}
                >
                  <span className={styles.who}>
                    {a.receiver} {a.mobile}
                    {a.is_default ? <span className={styles.tag}>默认</span> : null}
                  </span>
                  <span className={styles.where}>{addressLine(a)}</span>
                </button>
              </li>
            ))}
          </ul>
          <div className={styles.actions}>
            <Link className="app-btn app-btn--ghost" to={manage}>
              管理收货地址
            </Link>
            <button type="button" className="app-btn app-btn--primary" onClick={() => setOpen(false)}>
              取消
            </button>
          </div>
        </Popup>
      )}
    </div>
  );
}
