// index.html sets the root font size inline, before the first paint; this keeps that copy of the
// formula in step with packages/domain/src/rem.ts.
import { rootFontSize } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import html from '../../index.html?raw';

function inlineScript(): string {
  const m = /<script id="rem-script">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error('rem script not found in index.html');
  return m[1];
}

function runAt(width: number): string {
  const style: { fontSize?: string } = {};
  const listeners: string[] = [];
  const document = { documentElement: { clientWidth: width, style } };
  const window = { innerWidth: width, addEventListener: (type: string) => listeners.push(type) };
  new Function('document', 'window', inlineScript())(document, window);
  expect(listeners).toEqual(['resize', 'orientationchange']);
  return style.fontSize!;
}

describe('inline rem script', () => {
  it.each([320, 360, 375, 390, 414, 600, 750, 1024, 1920])('matches rootFontSize at %ipx', (width) => {
    expect(runAt(width)).toBe(`${rootFontSize(width)}px`);
  });

  it('is 37.5px on a 375px phone and capped at 75px', () => {
    expect(runAt(375)).toBe('37.5px');
    expect(runAt(2000)).toBe('75px');
  });
});
