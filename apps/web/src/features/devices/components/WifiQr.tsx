// The QR code of a wifi network (WIFI:… text): a phone's camera joins it. qrcode is loaded only
// when one is drawn, so it is in no page's first chunk.
import { useEffect, useState } from 'react';
import styles from './devices.module.css';

export function WifiQr({ text, ssid }: { text: string; ssid: string }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qr) => qr.toDataURL(text, { margin: 1, width: 360, errorCorrectionLevel: 'M' }))
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(undefined));
    return () => {
      live = false;
    };
  }, [text]);
  return (
    <figure className={styles.qr}>
      {src ? <img src={src} alt="新WiFi二维码" width={180} height={180} /> : <div className={styles.qrBlank} aria-hidden="true" />}
      <figcaption>用手机相机扫码即可连接「{ssid}」</figcaption>
    </figure>
  );
}
