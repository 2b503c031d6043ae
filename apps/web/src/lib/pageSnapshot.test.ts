// @vitest-environment happy-dom
// What a returning holder's next cold visit paints (./pageSnapshot.ts, ./snapshotPaint.ts;
// docs/decisions/0080-a-returning-visit-paints-what-it-last-showed.md): which markup is kept and
// when, and when a painted snapshot gives way to the live page.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { snapshotOwner, snapshotToPaint } from '../config/pageSnapshots';
import { keepPageSnapshots, markupOf, pageReads, pageStylesheets, saveSnapshot, SNAPSHOT_SETTLE_MS } from './pageSnapshot';
import { forgetSnapshots, paintedSnapshotPath, revealLivePage } from './snapshotPaint';
import { local } from './storage';

const ENTRY = '/assets/index-abc.js';

function paintSnapshot(path: string) {
  document.body.insertAdjacentHTML('beforeend', '<div id="page-snapshot" inert><p>93.84GB</p></div>');
  document.documentElement.classList.add('snap');
  window.__portalSnap = { path };
}

beforeEach(() => {
  localStorage.clear();
  document.body.innerHTML = '<div id="root"><main><h1>流量查询</h1><p>剩余流量 93.84GB</p></main></div>';
  document.documentElement.className = '';
  window.__portalEntry = ENTRY;
  window.__portalSnap = undefined;
  history.replaceState(null, '', '/flow');
  local.set('token', 'tok-1');
  local.set('customNum', '1000000001');
});
afterEach(() => {
  vi.useRealTimers();
});

describe('markupOf', () => {
  it('keeps what shows: no hidden kept page, nothing marked data-no-snapshot, no script', () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<div style="display: none;"><p>首页</p></div><div style="display: contents;"><p>流量</p><p data-no-snapshot>秘密</p>' +
      '<p hidden>隐藏</p><script>1</script></div>';
    const html = markupOf(root);
    expect(html).toContain('流量');
    for (const gone of ['首页', '秘密', '隐藏', '<script']) expect(html).not.toContain(gone);
    // the live page is untouched
    expect(root.textContent).toContain('首页');
  });

  it('asks for its first two pictures first, none of them lazily', () => {
    const root = document.createElement('div');
    root.innerHTML = '<img src="/a.svg" loading="lazy"><img src="/b.svg"><img src="/c.svg" loading="lazy">';
    const copy = document.createElement('div');
    copy.innerHTML = markupOf(root);
    expect(Array.from(copy.querySelectorAll('img'), (i) => [i.getAttribute('fetchpriority'), i.getAttribute('loading')])).toEqual([
      ['high', null],
      ['high', null],
      [null, 'lazy'],
    ]);
    expect(root.querySelector('img')!.getAttribute('fetchpriority')).toBeNull();
  });
});

describe('saveSnapshot', () => {
  it('keeps the page under its path, for this holder, card and build, and the inline script would paint it', () => {
    expect(saveSnapshot(document, localStorage, 5_000)).toBe(true);
    const painted = snapshotToPaint((k) => localStorage.getItem(k), '/flow', snapshotOwner('tok-1', '1000000001'), ENTRY, 6_000);
    expect(painted?.html).toContain('剩余流量 93.84GB');
  });

  it.each([
    ['without a session', () => local.remove('token')],
    ['on a page not kept (a form)', () => history.replaceState(null, '', '/realname')],
    ['without a build (the dev server)', () => (window.__portalEntry = undefined)],
    ['when the page is empty', () => (document.getElementById('root')!.innerHTML = '  ')],
    ['when the page is too large to keep', () => (document.getElementById('root')!.innerHTML = `<p>${'x'.repeat(200_001)}</p>`)],
  ])('keeps nothing %s', (_, arrange) => {
    arrange();
    expect(saveSnapshot(document, localStorage, 5_000)).toBe(false);
    expect(Object.keys(localStorage).filter((k) => k.startsWith('sim_snap:'))).toEqual([]);
  });

  it('the same page once more is not written again, unless its snapshot has gone', () => {
    expect(saveSnapshot(document, localStorage, 5_000)).toBe(true);
    const setItem = vi.spyOn(localStorage, 'setItem');
    try {
      expect(saveSnapshot(document, localStorage, 6_000)).toBe(true);
      expect(setItem).not.toHaveBeenCalled();
      localStorage.removeItem('sim_snap:/flow');
      expect(saveSnapshot(document, localStorage, 7_000)).toBe(true);
      expect(setItem).toHaveBeenCalled();
    } finally {
      setItem.mockRestore();
    }
  });

  it('a trailing slash names the same page', () => {
    history.replaceState(null, '', '/flow/');
    expect(saveSnapshot(document, localStorage, 5_000)).toBe(true);
    expect(localStorage.getItem('sim_snap:/flow')).not.toBeNull();
  });
});

/** A stylesheet link as the head's script adds it, its rules read (null: not loaded yet). */
function stylesheet(href: string, rules: string[] | null, disabled = false) {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  // the address as a property only: happy-dom would try to load the file (and cannot)
  Object.defineProperty(link, 'href', { value: new URL(href, location.href).href });
  link.disabled = disabled;
  Object.defineProperty(link, 'sheet', { value: rules && { cssRules: rules.map((cssText) => ({ cssText })) } });
  document.head.append(link);
}

describe('the stylesheets a snapshot paints with', () => {
  beforeEach(() => document.head.querySelectorAll('link').forEach((l) => l.remove()));

  it('are the build’s, once each, in document order; kept once for every page', () => {
    stylesheet('/assets/app.css', ['.a { color: red; }']);
    stylesheet('https://elsewhere.example/x.css', ['.x { }']);
    stylesheet('/assets/index.css', ['.i { }'], true);
    stylesheet('/assets/Flow.css', ['.f { margin: 0px; }', '.g { padding: 0px; }']);
    stylesheet('/assets/app.css', ['.a { color: red; }']);
    expect(pageStylesheets(document)).toEqual([
      { file: '/assets/app.css', text: '.a { color: red; }' },
      { file: '/assets/Flow.css', text: '.f { margin: 0px; }\n.g { padding: 0px; }' },
    ]);
    expect(saveSnapshot(document, localStorage, 5_000)).toBe(true);
    const painted = snapshotToPaint((k) => localStorage.getItem(k), '/flow', snapshotOwner('tok-1', '1000000001'), ENTRY, 6_000);
    expect(painted?.styles).toEqual(['.a { color: red; }', '.f { margin: 0px; }\n.g { padding: 0px; }']);
  });

  it('one not loaded yet has not styled the page: kept without it', () => {
    stylesheet('/assets/app.css', ['.a { }']);
    stylesheet('/assets/Later.css', null);
    expect(pageStylesheets(document)).toEqual([{ file: '/assets/app.css', text: '.a { }' }]);
  });

  it('one whose rules cannot be read: the page is kept without them, and paints once the network brought its own', () => {
    stylesheet('/assets/app.css', ['.a { }']);
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    Object.defineProperty(link, 'href', { value: new URL('/assets/Flow.css', location.href).href });
    Object.defineProperty(link, 'sheet', {
      value: {
        get cssRules() {
          throw new DOMException('cannot access rules', 'SecurityError');
        },
      },
    });
    document.head.append(link);
    expect(pageStylesheets(document)).toBeNull();
    expect(saveSnapshot(document, localStorage, 5_000)).toBe(true);
    const painted = snapshotToPaint((k) => localStorage.getItem(k), '/flow', snapshotOwner('tok-1', '1000000001'), ENTRY, 6_000);
    expect(painted).toEqual({ html: expect.stringContaining('93.84GB'), styles: null });
  });

  it('a new build: the last build’s snapshots and the stylesheets only they used are let go', () => {
    localStorage.setItem('sim_snap:/', JSON.stringify({ entry: '/assets/index-old.js', css: ['/assets/old.css'] }));
    localStorage.setItem('sim_snap:css:/assets/old.css', '.old { }');
    localStorage.setItem('sim_snap:/mine', JSON.stringify({ entry: ENTRY, css: ['/assets/Mine.css'] }));
    localStorage.setItem('sim_snap:css:/assets/Mine.css', '.m { }');
    stylesheet('/assets/Flow.css', ['.f { }']);
    expect(saveSnapshot(document, localStorage, 5_000)).toBe(true);
    const kept = Object.keys(localStorage)
      .filter((k) => k.startsWith('sim_snap'))
      .sort();
    expect(kept).toEqual(['sim_snap:/flow', 'sim_snap:/mine', 'sim_snap:css:/assets/Flow.css', 'sim_snap:css:/assets/Mine.css']);
  });
});

describe('forgetSnapshots', () => {
  it('removes every page’s snapshot and nothing else', () => {
    localStorage.setItem('sim_snap:/flow', '{}');
    localStorage.setItem('sim_snap:/', '{}');
    localStorage.setItem('sim_snap:css:/assets/Flow.css', '.f { }');
    localStorage.setItem('sim_mark', 'acme');
    forgetSnapshots(localStorage);
    expect(Object.keys(localStorage).sort()).toEqual(['sim_customNum', 'sim_mark', 'sim_token']);
  });
});

describe('a painted snapshot', () => {
  it('is named by its path while it is there, and gone with the class on <html> once revealed', () => {
    expect(paintedSnapshotPath()).toBeUndefined();
    paintSnapshot('/flow');
    expect(paintedSnapshotPath()).toBe('/flow');
    revealLivePage();
    expect(paintedSnapshotPath()).toBeUndefined();
    expect(document.getElementById('page-snapshot')).toBeNull();
    expect(document.documentElement.classList.contains('snap')).toBe(false);
  });
});

describe('keepPageSnapshots', () => {
  const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

  it('gives the painted page way to the live one once the page’s reads have answered, and keeps it after a quiet moment', async () => {
    paintSnapshot('/flow');
    const c = client();
    const stop = keepPageSnapshots(c);
    const observer = new QueryObserver(c, { queryKey: ['flow'], queryFn: async () => ({ left: 93.84 }) });
    const unsubscribe = observer.subscribe(() => {});
    expect(paintedSnapshotPath()).toBe('/flow');
    await vi.waitFor(() => expect(pageReads(c)).toBe('shown'));
    await vi.waitFor(() => expect(paintedSnapshotPath()).toBeUndefined());
    await vi.waitFor(() => expect(localStorage.getItem('sim_snap:/flow')).not.toBeNull(), { timeout: SNAPSHOT_SETTLE_MS + 1000 });
    unsubscribe();
    stop();
  });

  it('a read that failed: the live page (its 重试) replaces the painted one, and nothing is kept', async () => {
    paintSnapshot('/flow');
    const c = client();
    const stop = keepPageSnapshots(c);
    const observer = new QueryObserver(c, {
      queryKey: ['flow'],
      queryFn: async () => {
        throw new Error('网络连接失败');
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(pageReads(c)).toBe('failed'));
    await vi.waitFor(() => expect(paintedSnapshotPath()).toBeUndefined());
    await new Promise((r) => setTimeout(r, SNAPSHOT_SETTLE_MS + 100));
    expect(localStorage.getItem('sim_snap:/flow')).toBeNull();
    unsubscribe();
    stop();
  });

  it('a page that asks nothing (/card_check): the live page takes the painted one’s place once its code has rendered it', async () => {
    paintSnapshot('/card_check');
    const stop = keepPageSnapshots(client());
    await vi.waitFor(() => expect(paintedSnapshotPath()).toBeUndefined(), { timeout: 1000 });
    expect(document.documentElement.classList.contains('snap')).toBe(false);
    stop();
  });

  it('while the page’s code is on its way (its spinner), the painted page stays', async () => {
    document.getElementById('root')!.innerHTML = '<div class="app-page-loading"><span class="app-spinner"></span></div>';
    paintSnapshot('/card_check');
    const stop = keepPageSnapshots(client());
    await new Promise((r) => setTimeout(r, 350));
    expect(paintedSnapshotPath()).toBe('/card_check');
    stop();
  });

  it('keeps the page when the holder leaves it (hidden), once it shows their data', async () => {
    const c = client();
    const stop = keepPageSnapshots(c);
    const unsubscribe = new QueryObserver(c, { queryKey: ['flow'], queryFn: async () => 1 }).subscribe(() => {});
    await vi.waitFor(() => expect(pageReads(c)).toBe('shown'));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(localStorage.getItem('sim_snap:/flow')).not.toBeNull();
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    unsubscribe();
    stop();
  });

  it('keeps nothing while a read is under way', async () => {
    const c = client();
    const stop = keepPageSnapshots(c);
    const unsubscribe = new QueryObserver(c, { queryKey: ['flow'], queryFn: () => new Promise(() => {}) }).subscribe(() => {});
    await vi.waitFor(() => expect(pageReads(c)).toBe('busy'));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(localStorage.getItem('sim_snap:/flow')).toBeNull();
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    unsubscribe();
    stop();
  });
});
