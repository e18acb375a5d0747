export * from './errors.ts';
export * from './envelope.ts';
export * from './user.ts';
export * from './session.ts';
export * from './magic-links.ts';
export * from './otps.ts';
export * from './bootstrap.ts';
export * from './telemetry.ts';
export * from './paths.ts';
export * from './passwords.ts';
export * from './oauth-providers.ts';
export * from './locales.ts';
// Only the types of these: their values (the paths of calls the client makes on first use, One Tap's and the consent
// page's wire facts) are imported from the module itself by the code that makes those calls. A value re-exported here
// would be in the widget's entry file, which imports this module, though only a lazy chunk uses it.
export type * from './accounts.ts';
export type * from './oauth.ts';
export type * from './webauthn.ts';
export type * from './crypto-wallets.ts';
export type * from './idp.ts';
