// antd-mobile's List alone, for a page that shows one (/mine): through ./ui.ts it would bring the
// dialogs and their animation library (~25 kB gz) into that page's first load. A list renders
// nothing imperatively, so it needs none of ./ui.ts's set-up
// (docs/decisions/0063-every-page-as-light-as-login.md).
import './ui.css';

export { List } from 'antd-mobile';
