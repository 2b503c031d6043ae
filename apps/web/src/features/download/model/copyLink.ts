// 复制链接 on /download. The same two ways as components/CopyButton (the Clipboard API needs a
// secure context, which a page opened over plain http inside a messaging app is not; then the
// selection-and-copy way). Kept apart from CopyButton on purpose: CopyButton is in the entry chunk
// (home, mine), and exporting from it grows /login's first load, which has a budget.
import { toast } from '../../../lib/toast';

export async function copyLink(text: string): Promise<void> {
  const copied = (await viaClipboardApi(text)) || viaSelection(text);
  toast(copied ? '链接已复制，请粘贴到浏览器中打开' : '复制失败，请长按链接选择后复制');
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
