export * from './enums';
export * from './codes';
export * from './schemas';
