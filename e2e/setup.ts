// Every journey: when a test fails, print what the browser and the server showed at that moment
// (e2e/failureReport.ts), so a failure seen only on CI can be understood from its log.
import { beforeEach } from 'vitest';
import { reportFailure } from './failureReport';
import { screenshot } from './harness';

beforeEach((ctx) => {
  ctx.onTestFailed(async () => {
    await reportFailure(ctx.task.name, screenshot);
  });
});
