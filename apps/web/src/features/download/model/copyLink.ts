// 复制链接 on /download: the app link, to paste into the phone's own browser.
import { copyText } from '../../../lib/clipboard';
import { toast } from '../../../lib/toast';

export async function copyLink(text: string): Promise<void> {
  toast((await copyText(text)) ? '链接已复制，请粘贴到浏览器中打开' : '复制失败，请长按链接选择后复制');
}
