// A QR code of a text, drawn as SVG. The encoder (lib/qr) is loaded only when one is drawn, so no
// page pays for it until it shows a code.
import { useEffect, useState } from 'react';
import styles from './QrCode.module.css';

async function encode(text: string) {
  const { encodeQr } = await import('../lib/qr/encodeQr');
  return encodeQr(text);
}

export function QrCode({ text, label, caption }: { text: string; label: string; caption?: string }) {
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
        <svg role="img" aria-label={label} viewBox={`0 0 ${qr.size} ${qr.size}`} className={styles.svg} shapeRendering="crispEdges">
          <rect width={qr.size} height={qr.size} fill="#fff" />
          <path d={qr.d} fill="#000" />
        </svg>
      ) : (
        <div className={styles.blank} aria-hidden="true" />
      )}
      {caption && <figcaption>{caption}</figcaption>}
    </figure>
  );
}
