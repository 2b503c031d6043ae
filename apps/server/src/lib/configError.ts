/**
 * A configuration the server cannot start with; the message names each variable to change. It sits
 * under config.ts and the integrations alike: an integration that finds its settings unusable at
 * start-up (a key file, a model map) throws it without knowing how the configuration is composed.
 */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The server cannot start with this configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}
