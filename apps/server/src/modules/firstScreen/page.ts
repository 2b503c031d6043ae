// index.html with a holder's first screen in it (docs/decisions/0082-the-first-screen-in-the-html.md):
// pure, so that what the HTML carries is tested table by table. The web build marks where it goes
// (@portal/contract/firstScreen); its head script paints it as a returning visit's snapshot.
import { FIRST_SCREEN_HEAD_MARK, FIRST_SCREEN_MARK } from '@portal/contract/firstScreen';

/** A first screen as the web's renderer made it, with the page's stylesheets' text. */
export interface PaintedScreen {
  /** the page's path as the head's script names it (no trailing slash) */
  path: string;
  /** whose it is: the phone's head script paints it only for the session and card it has */
  owner: string;
  /** the page's markup (the renderer's: text and attributes escaped) */
  markup: string;
  /** its first pictures, asked for at once */
  pictures: readonly string[];
  /** the page's stylesheets' text, in the order the page links them */
  styles: readonly string[];
}

const attribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Our own stylesheets, inline: nothing in them may end the element early. */
const styleText = (css: string) => css.replace(/<\/(style)/gi, '<\\/$1');

/** index.html with the screen in it; undefined when the build has no place for one (an older build). */
export function paintedIndex(indexHtml: string, screen: PaintedScreen): string | undefined {
  if (!indexHtml.includes(FIRST_SCREEN_HEAD_MARK) || !indexHtml.includes(FIRST_SCREEN_MARK)) return undefined;
  const head =
    `<meta name="first-screen" content="${attribute(screen.path)}" data-owner="${attribute(screen.owner)}">` +
    screen.pictures.map((u) => `<link rel="preload" as="image" fetchpriority="high" href="${attribute(u)}">`).join('') +
    screen.styles.map((css) => `<style data-snapshot-css="">${styleText(css)}</style>`).join('');
  const body = `<div id="page-snapshot" inert="">${screen.markup}</div>`;
  return indexHtml.replace(FIRST_SCREEN_HEAD_MARK, () => head).replace(FIRST_SCREEN_MARK, () => body);
}

/** A path as the web's head script names it: no trailing slash, the root is /. */
export const pagePath = (pathname: string) => pathname.replace(/\/+$/, '') || '/';
