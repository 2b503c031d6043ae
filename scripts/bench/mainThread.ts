// What the page's main thread did before its first contentful paint, by kind of work, from a
// Chromium trace of one visit (`BENCH_PAGE_TRACE=1 npm run bench:pages`): the breakdown
// Lighthouse's "minimize main-thread work" audit shows, with the navigation's own commit apart —
// on a 4× slower CPU that one task is 100–200 ms for any page, even an empty one, and no page
// can remove it. Self time of each trace event, by the group of its own name or else its
// parent's (Lighthouse's task groups, lighthouse-core tracehouse/task-groups).

/** one event of a trace as Chromium writes it (the fields used here) */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
}

/** the kinds of work, in the order the bench prints them */
export const WORK_KINDS = ['navigation', 'parseHtml', 'script', 'styleLayout', 'paint', 'gc', 'other'] as const;
export type WorkKind = (typeof WORK_KINDS)[number];

const KIND_OF: [RegExp, WorkKind][] = [
  [/^(DocumentLoader::|CommitLoad$|ResourceReceiveResponse$|ResourceFinish$)/, 'navigation'],
  [/^(ParseHTML|ParseAuthorStyleSheet|DecodedDataDocumentParser::)/, 'parseHtml'],
  [
    /^(EvaluateScript|v8\.|V8\.|FunctionCall|TimerFire|FireAnimationFrame|FireIdleCallback|RunMicrotasks|EventDispatch|XHRReadyStateChange)/,
    'script',
  ],
  [/^(UpdateLayoutTree|ScheduleStyleRecalculation|InvalidateLayout|Layout|RecalculateStyles)$/, 'styleLayout'],
  [
    /^(Paint|PaintImage|PrePaint|Layerize|Commit|CompositeLayers|UpdateLayer|UpdateLayerTree|Animation|HitTest|Decode.*|Rasterize.*)$/,
    'paint',
  ],
  [/^(MinorGC|MajorGC|GCEvent|BlinkGC\..*|ThreadState::.*)$/, 'gc'],
];

const kindOf = (name: string): WorkKind | undefined => KIND_OF.find(([re]) => re.test(name))?.[1];

export interface MainThreadBeforeFcp {
  /** ms from the page's navigation start to its first contentful paint */
  fcpMs: number;
  /** self time in ms by kind of work, between the two */
  byKind: Record<WorkKind, number>;
}

/**
 * The breakdown of the visit's main frame (the renderer thread whose navigation loaded an http
 * page, its last such navigation), or undefined when the trace has no first contentful paint.
 */
export function mainThreadBeforeFcp(events: readonly TraceEvent[]): MainThreadBeforeFcp | undefined {
  const nav = events
    .filter((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && /^https?:/.test(e.args.data.documentLoaderURL ?? ''))
    .at(-1);
  if (!nav) return undefined;
  const onThread = (e: TraceEvent) => e.pid === nav.pid && e.tid === nav.tid;
  const fcp = events.find((e) => onThread(e) && e.name === 'firstContentfulPaint' && e.ts >= nav.ts);
  if (!fcp) return undefined;
  const from = nav.ts;
  const to = fcp.ts;
  const byKind = Object.fromEntries(WORK_KINDS.map((k) => [k, 0])) as Record<WorkKind, number>;
  // complete events of the thread, parents before their children
  const spans = events
    .filter((e) => onThread(e) && e.ph === 'X' && (e.dur ?? 0) > 0 && e.ts < to && e.ts + e.dur! > from)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const clip = (start: number, end: number) => Math.max(0, Math.min(end, to) - Math.max(start, from));
  const stack: { end: number; kind: WorkKind | undefined; self: number }[] = [];
  const close = (until: number) => {
    while (stack.length && stack.at(-1)!.end <= until) {
      const done = stack.pop()!;
      byKind[done.kind ?? 'other'] += Math.max(0, done.self);
    }
  };
  for (const e of spans) {
    const end = e.ts + e.dur!;
    close(e.ts);
    const parent = stack.at(-1);
    const own = clip(e.ts, end);
    // the child's time is not the parent's own
    if (parent) parent.self -= own;
    stack.push({ end, kind: kindOf(e.name) ?? parent?.kind, self: own });
  }
  close(Infinity);
  for (const k of WORK_KINDS) byKind[k] = Math.round(byKind[k] / 100) / 10;
  return { fcpMs: Math.round((to - from) / 1000), byKind };
}
