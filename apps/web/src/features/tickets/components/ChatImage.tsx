// An image message: the holder's own upload, fetched with the token (an <img src> cannot send it),
// shown as a thumbnail that opens full screen; tapping the full view closes it.
import { useState } from 'react';
import { useImageDataUrl } from './TicketImage';
import styles from './Chat.module.css';

export function ChatImage({ url, preview }: { url: string; preview?: string }) {
  const q = useImageDataUrl(url);
  const [open, setOpen] = useState(false);
  const src = q.data ?? preview;
  if (!src) return <span className={styles.imagePlaceholder}>{q.isError ? '图片加载失败' : '图片加载中…'}</span>;
  return (
    <>
      <button type="button" className={styles.imageButton} onClick={() => setOpen(true)} aria-label="查看大图">
        <img className={styles.image} src={src} alt="图片消息" />
      </button>
      {open && (
        <div className={styles.viewer} role="dialog" aria-label="图片" onClick={() => setOpen(false)}>
          <img src={src} alt="图片消息大图" />
          <button type="button" className={styles.viewerClose} onClick={() => setOpen(false)}>
            关闭
          </button>
        </div>
      )}
    </>
  );
}
