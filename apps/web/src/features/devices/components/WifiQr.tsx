// The QR code of a wifi network (WIFI:… text): a phone's camera joins it. The encoder (ZXing's, as
// ES modules) is loaded only when one is drawn. Not the qrcode package: it is CommonJS, and its
// interop helpers would move the bundler's runtime into a chunk of its own on /login's first load.
import { useEffect, useState } from 'react';
import styles from './devices.module.css';

async function encode(text: string) {
  const { encodeQr } = await import('../../../lib/qr/encodeQr');
  return encodeQr(text);
}

export function WifiQr({ text, ssid }: { text: string; ssid: string }) {
  const [qr, setQr] = useState<{ text: string; size: number; d: string }>();
  useEffect(() => {
    let live = true;
    encode(text)
      .then((drawn) => live && setQr({ text, ...drawn }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [text]);
  return (
    <figure className={styles.qr}>
      {qr && qr.text === text ? (
        <svg
          role="img"
          aria-label="新WiFi二维码"
          viewBox={`0 0 ${qr.size} ${qr.size}`}
          className={styles.qrSvg}
          shapeRendering="crispEdges"
        >
          <rect width={qr.size} height={qr.size} fill="#fff" />
          <path d={qr.d} fill="#000" />
        </svg>
      ) : (
        <div className={styles.qrBlank} aria-hidden="true" />
      )}
      <figcaption>用手机相机扫码即可连接「{ssid}」</figcaption>
    </figure>
  );
}
