export * from './enums';
export * from './codes';
export * from './schemas';
export * from './commerce';
export * from './realName';
export * from './devices';
export * from './diagnosis';
