// A first screen's pictures (./render.tsx): the first ones are what its largest paint may wait for.
import { FIRST_SCREEN_PICTURES } from '../config/pageSnapshots';

/** Markup to paint, and the pictures to ask for at once. */
export interface PaintedMarkup {
  markup: string;
  pictures: string[];
}

/** The first pictures asked for with high priority, at once (as lib/pageSnapshot.ts's markupOf
 *  marks a kept page's), and their addresses for the head's preloads. */
export function withFirstPictures(markup: string): PaintedMarkup {
  const pictures: string[] = [];
  const marked = markup.replace(/<img\b[^>]*>/g, (tag) => {
    if (pictures.length >= FIRST_SCREEN_PICTURES) return tag;
    const src = /\ssrc="([^"]*)"/.exec(tag)?.[1];
    if (src) pictures.push(src.replace(/&amp;/g, '&'));
    return tag.replace(/\sloading="[^"]*"/, '').replace(/^<img\b/, '<img fetchpriority="high"');
  });
  return { markup: marked, pictures };
}
