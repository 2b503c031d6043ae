// Geometry of the daily-usage bar chart (hand-drawn SVG, no chart library): the unit, a "nice"
// axis maximum with round ticks, and one bar per day.

export interface DailyRecord {
  date: string;
  used_kb: number;
}

export type Unit = 'KB' | 'MB' | 'GB';
const KB_PER: Record<Unit, number> = { KB: 1, MB: 1024, GB: 1024 * 1024 };

/** The unit that keeps the axis numbers readable: GB from 1 GB up, MB from 1 MB up. */
export function chooseUnit(maxKb: number): Unit {
  if (maxKb >= KB_PER.GB) return 'GB';
  if (maxKb >= KB_PER.MB) return 'MB';
  return maxKb > 0 ? 'KB' : 'MB';
}

/** Smallest 1, 2, 2.5 or 5 times a power of ten that is ≥ value (value > 0). */
export function niceCeil(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const f = value / power;
  const nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10;
  // floating point: 0.3 / 0.1 is 2.9999999999999996
  return Number((nice * power).toPrecision(12));
}

export interface Axis {
  unit: Unit;
  step: number;
  max: number;
  /** tick values in the unit, from 0 to max */
  ticks: number[];
}

export function axisFor(maxKb: number, tickCount: number = 4): Axis {
  const unit = chooseUnit(maxKb);
  const maxInUnit = maxKb / KB_PER[unit];
  const step = niceCeil(maxInUnit / tickCount);
  const ticks = Array.from({ length: tickCount + 1 }, (_, i) => Number((step * i).toPrecision(12)));
  return { unit, step, max: ticks[tickCount], ticks };
}

export interface Box {
  width: number;
  height: number;
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface Bar {
  date: string;
  kb: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** the full column, for a generous tap target */
  slotX: number;
  slotWidth: number;
}

export interface ChartLayout {
  axis: Axis;
  bars: Bar[];
  /** y of each tick line, same order as axis.ticks */
  tickY: number[];
  /** indices of the bars that get a date label under them */
  labelled: number[];
  plot: { x: number; y: number; width: number; height: number };
}

/** A visible sliver for days with tiny use, so "used a little" never looks like "used nothing". */
export const MIN_BAR_PX = 2;

export function layoutDailyChart(records: readonly DailyRecord[], box: Box, labelEvery: number = 7): ChartLayout {
  const plot = { x: box.left, y: box.top, width: box.width - box.left - box.right, height: box.height - box.top - box.bottom };
  const maxKb = records.reduce((m, r) => Math.max(m, r.used_kb), 0);
  const axis = axisFor(maxKb);
  const maxKbOnAxis = axis.max * KB_PER[axis.unit];
  const n = Math.max(records.length, 1);
  const slot = plot.width / n;
  const barWidth = Math.max(1, slot * 0.62);
  const bars = records.map((r, i) => {
    const raw = maxKbOnAxis > 0 ? (r.used_kb / maxKbOnAxis) * plot.height : 0;
    const height = r.used_kb > 0 ? Math.max(raw, MIN_BAR_PX) : 0;
    return {
      date: r.date,
      kb: r.used_kb,
      x: plot.x + slot * i + (slot - barWidth) / 2,
      y: plot.y + plot.height - height,
      width: barWidth,
      height,
      slotX: plot.x + slot * i,
      slotWidth: slot,
    };
  });
  const tickY = axis.ticks.map((t) => plot.y + plot.height - (axis.max > 0 ? (t / axis.max) * plot.height : 0));
  // Label the last day (today) and every labelEvery-th day before it.
  const labelled = records.map((_, i) => i).filter((i) => (records.length - 1 - i) % labelEvery === 0);
  return { axis, bars, tickY, labelled, plot };
}

/** Axis label: "0", "2.5", "10" (no trailing zeros). */
export function tickLabel(value: number): string {
  return String(Number(value.toFixed(2)));
}

/** "11-20" from "2026-11-20". */
export function shortDate(date: string): string {
  return /^\d{4}-(\d{2})-(\d{2})/.test(date) ? date.slice(5, 10) : date;
}

/** "2026年11月" from "2026-11" (or "2026-11-01"). */
export function monthLabel(month: string): string {
  const m = /^(\d{4})-(\d{2})/.exec(month);
  return m ? `${m[1]}年${Number(m[2])}月` : month;
}
