// Every journey: when a test fails, print what the browser and the server showed at that moment
// (e2e/failureReport.ts), so a failure seen only on CI can be understood from its log. After the
// file, any browser context it left open is closed: the worker's Chromium serves the next file.
import { afterAll, beforeEach } from 'vitest';
import { reportFailure } from './failureReport';
import { closeContexts, saveScreenshot } from './harness';

afterAll(closeContexts);

beforeEach((ctx) => {
  ctx.onTestFailed(async () => {
    await reportFailure(ctx.task.name, saveScreenshot);
  });
});
