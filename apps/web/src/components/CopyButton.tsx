import { toast } from '../lib/toast';
import styles from './CopyButton.module.css';

/**
 * 复制 beside a number the user has to paste elsewhere (ICCID into a carrier's form, an order number
 * into a chat with support). The Clipboard API needs a secure context, which a portal opened over
 * plain http inside a messaging app's browser is not, so the selection-and-copy way stays as fallback.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  return (
    <button type="button" className={styles.button} aria-label={`复制${label}`} onClick={() => void copy(text)}>
      复制
    </button>
  );
}

async function copy(text: string): Promise<void> {
  const copied = (await viaClipboardApi(text)) || viaSelection(text);
  toast(copied ? '已复制' : '复制失败，请长按选择后复制');
}

async function viaClipboardApi(text: string): Promise<boolean> {
  if (!window.isSecureContext || !navigator.clipboard) return false;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function viaSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.cssText = 'position:fixed;top:0;left:0;opacity:0;';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
