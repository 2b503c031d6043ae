// The phone every journey and page bench browses with: a 375×667 screen at twice the pixels,
// touch, Chinese, China's time. Plain data, no imports: the benches' page visits use it too
// (scripts/bench/pages.ts), without the harness.
export const PHONE_CONTEXT = {
  viewport: { width: 375, height: 667 },
  screen: { width: 375, height: 667 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
  locale: 'zh-CN',
  timezoneId: 'Asia/Shanghai',
} as const;
