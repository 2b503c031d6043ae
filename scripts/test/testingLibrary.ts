// The unit project's components render in happy-dom beside other CPU-heavy steps (npm test runs
// the unit tests at a lower priority while the browser journeys run: docs/decisions/0064), where an
// antd form's asynchronous validation can take longer than Testing Library's 1 s default for
// findBy* and waitFor; a message that never comes still fails, after 10 s instead of 1. The same
// reason as the project's 30 s testTimeout; no unit test measures time.
// Only files that render (a DOM environment) load Testing Library: most of the project's 200-odd
// files are plain logic, and this file runs before each of them.
export {};

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 10_000 });
}
