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

/** index.html around the places the build marked: the first screen goes between these. */
export interface IndexAround {
  /** up to the head's mark (before the head's script) */
  beforeHead: string;
  /** from the head's mark to the body's (after #root) */
  between: string;
  afterBody: string;
}

/** index.html cut at its two marks; undefined when the build has no place for a screen (an older build). */
export function indexAround(indexHtml: string): IndexAround | undefined {
  const head = indexHtml.indexOf(FIRST_SCREEN_HEAD_MARK);
  const body = head < 0 ? -1 : indexHtml.indexOf(FIRST_SCREEN_MARK, head + FIRST_SCREEN_HEAD_MARK.length);
  if (body < 0) return undefined;
  return {
    beforeHead: indexHtml.slice(0, head),
    between: indexHtml.slice(head + FIRST_SCREEN_HEAD_MARK.length, body),
    afterBody: indexHtml.slice(body + FIRST_SCREEN_MARK.length),
  };
}

/** What the head gets of a screen before its stylesheets: the meta naming it, its first pictures. */
export const screenHead = (screen: Pick<PaintedScreen, 'path' | 'owner' | 'pictures'>): string =>
  `<meta name="first-screen" content="${attribute(screen.path)}" data-owner="${attribute(screen.owner)}">` +
  screen.pictures.map((u) => `<link rel="preload" as="image" fetchpriority="high" href="${attribute(u)}">`).join('');

/** The page's stylesheets, inline: the same for every holder of the page. */
export const screenStyles = (styles: readonly string[]): string =>
  styles.map((css) => `<style data-snapshot-css="">${styleText(css)}</style>`).join('');

/** The screen's markup where the head's script finds it, inert. */
export const screenBody = (markup: string): string => `<div id="page-snapshot" inert="">${markup}</div>`;

/** Where each piece goes, in order: the one place that says it, for the text (paintedIndex) and
 *  for the parts the server deflates once or per answer (./index.ts). */
export const inOrder = <T>(around: Record<keyof IndexAround, T>, head: T, styles: T, body: T): T[] => [
  around.beforeHead,
  head,
  styles,
  around.between,
  body,
  around.afterBody,
];

/** index.html with the screen in it; undefined when the build has no place for one (an older build). */
export function paintedIndex(indexHtml: string, screen: PaintedScreen): string | undefined {
  const around = indexAround(indexHtml);
  return around && inOrder(around, screenHead(screen), screenStyles(screen.styles), screenBody(screen.markup)).join('');
}

/** A path as the web's head script names it: no trailing slash, the root is /. */
export const pagePath = (pathname: string) => pathname.replace(/\/+$/, '') || '/';
