// Runs a test file as if today were another day: with TEST_TODAY set (an ISO date-time), every
// `new Date()` and `Date.now()` of the test process starts from that moment and runs on at the
// real pace, like libfaketime for one process. Used by scripts/test/dates.sh to prove that the
// date-sensitive files pass on the 1st, the 15th and the last day of a month and on 31 December,
// whatever day the suite really runs on (docs/decisions/0053). Without TEST_TODAY it does nothing.
const today = process.env.TEST_TODAY;
// once a process: the suites that share a worker's modules run this file before each test file
const SHIFTED = Symbol.for('portal.test.shiftedToday');
if (today && !(globalThis as { [SHIFTED]?: true })[SHIFTED]) {
  (globalThis as { [SHIFTED]?: true })[SHIFTED] = true;
  const target = Date.parse(today);
  if (Number.isNaN(target)) throw new Error(`TEST_TODAY is not a date: ${today}`);
  const RealDate = Date;
  const offset = target - RealDate.now();
  const now = () => RealDate.now() + offset;
  // a subclass keeps Date.parse, Date.UTC, instanceof and the prototype; only "now" moves
  class ShiftedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(now());
      else super(...(args as [string | number | Date]));
    }
    static override now(): number {
      return now();
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
}
