import { copyText } from '../lib/clipboard';
import { toast } from '../lib/toast';
import styles from './CopyButton.module.css';

/**
 * 复制 beside a number the user has to paste elsewhere (ICCID into a carrier's form, an order number
 * into a chat with support).
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  return (
    <button type="button" className={styles.button} aria-label={`复制${label}`} onClick={() => void copy(text)}>
      复制
    </button>
  );
}

async function copy(text: string): Promise<void> {
  toast((await copyText(text)) ? '已复制' : '复制失败，请长按选择后复制');
}
