export * from './format';
export * from './safeUrl';
export * from './rem';
export * from './realName';
export * from './cardGate';
export * from './commerce';
export * from './residentId';
export * from './device';
