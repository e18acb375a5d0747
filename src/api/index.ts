export * from './errors.ts';
export * from './envelope.ts';
export * from './user.ts';
export * from './session.ts';
export * from './magic-links.ts';
export * from './bootstrap.ts';
export * from './telemetry.ts';
export * from './paths.ts';
