import { describe, expect, it } from 'vitest';
import { mainThreadBeforeFcp, type TraceEvent } from './mainThread';

const MAIN = { pid: 1, tid: 1 };
const at = (ms: number) => ms * 1000;
const span = (name: string, fromMs: number, ms: number, where = MAIN): TraceEvent => ({
  name,
  ph: 'X',
  ts: at(fromMs),
  dur: at(ms),
  ...where,
});
const nav = (ms: number, url = 'http://127.0.0.1:3000/flow', where = MAIN): TraceEvent => ({
  name: 'navigationStart',
  ph: 'R',
  ts: at(ms),
  ...where,
  args: { data: { isLoadingMainFrame: true, documentLoaderURL: url } },
});
const fcp = (ms: number, where = MAIN): TraceEvent => ({ name: 'firstContentfulPaint', ph: 'R', ts: at(ms), ...where });

describe('the main thread before the first contentful paint', () => {
  it('counts each event’s own time by its kind, a child’s apart from its parent’s', () => {
    const r = mainThreadBeforeFcp([
      nav(100),
      span('RunTask', 110, 100),
      span('DocumentLoader::CommitNavigation', 110, 60),
      span('Layout', 130, 10), // inside the commit: layout's, not the navigation's
      span('RunTask', 220, 50),
      span('EvaluateScript', 220, 40),
      span('v8.compile', 225, 5),
      span('FunctionCall', 230, 10),
      span('ParseHTML', 260, 10),
      span('RunTask', 280, 40),
      span('UpdateLayoutTree', 280, 10),
      span('Layout', 290, 20),
      span('Paint', 310, 5),
      fcp(320),
    ])!;
    expect(r.fcpMs).toBe(220);
    expect(r.byKind).toEqual({ navigation: 50, parseHtml: 10, script: 40, styleLayout: 40, paint: 5, gc: 0, other: 45 });
  });

  it('takes the page’s own thread and navigation, and nothing after its first paint', () => {
    const other = { pid: 2, tid: 9 };
    const r = mainThreadBeforeFcp([
      nav(0, 'about:blank'),
      span('EvaluateScript', 1, 500, other),
      nav(100),
      span('ParseHTML', 50, 70), // began before the navigation: only its part after counts
      span('Layout', 150, 100), // runs past the paint: only its part before counts
      fcp(200),
      span('EvaluateScript', 210, 100),
    ])!;
    expect(r.byKind).toMatchObject({ parseHtml: 20, styleLayout: 50, script: 0 });
  });

  it('is undefined without a paint (a page that never painted)', () => {
    expect(mainThreadBeforeFcp([nav(0), span('Layout', 1, 5)])).toBeUndefined();
    expect(mainThreadBeforeFcp([span('Layout', 1, 5), fcp(10)])).toBeUndefined();
  });
});
