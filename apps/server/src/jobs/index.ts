// Scheduled jobs' public entry: the runner (one per app), added to by the modules that own jobs.
import type { JobRunner } from './runner';

export { JobRunner, type JobDef, type RunOutcome } from './runner';

declare module 'fastify' {
  interface FastifyInstance {
    /** the app's scheduled jobs (app.ts): modules add theirs; tests run one with runNow */
    jobs: JobRunner;
  }
}
