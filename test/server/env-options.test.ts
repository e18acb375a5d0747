// `npm start`'s social-provider settings from environment variables.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { oauthEnvNames, oauthOptionsFromEnv } from '../../src/server/env-options.ts';

describe('social providers from the environment', () => {
  it('names each provider’s variables after it', () => {
    assert.deepEqual(oauthEnvNames('github'), {
      clientId: 'OAUTH_GITHUB_CLIENT_ID',
      clientSecret: 'OAUTH_GITHUB_CLIENT_SECRET',
      issuer: 'OAUTH_GITHUB_ISSUER',
    });
  });

  it('reads a provider’s client id and secret, an issuer override, One Tap and the public URL', () => {
    assert.deepEqual(
      oauthOptionsFromEnv({
        OAUTH_GOOGLE_CLIENT_ID: 'g-id',
        OAUTH_GOOGLE_CLIENT_SECRET: 'g-secret',
        OAUTH_GITLAB_CLIENT_ID: 'gl-id',
        OAUTH_GITLAB_CLIENT_SECRET: 'gl-secret',
        OAUTH_GITLAB_ISSUER: 'https://gitlab.example.edu',
        GOOGLE_ONE_TAP_CLIENT_ID: 'one-tap.apps.googleusercontent.com',
        PUBLIC_URL: 'https://auth.westlight.edu',
      }),
      {
        oauthProviders: {
          google: { clientId: 'g-id', clientSecret: 'g-secret' },
          gitlab: { clientId: 'gl-id', clientSecret: 'gl-secret', issuer: 'https://gitlab.example.edu' },
        },
        googleOneTapClientId: 'one-tap.apps.googleusercontent.com',
        publicUrl: 'https://auth.westlight.edu',
      },
    );
  });

  it('leaves every provider to the dev identity provider when nothing is set', () => {
    assert.deepEqual(oauthOptionsFromEnv({}), {});
  });

  it('refuses a provider with only one of its two credentials', () => {
    assert.throws(() => oauthOptionsFromEnv({ OAUTH_SLACK_CLIENT_ID: 'id' }), {
      message: 'Set both OAUTH_SLACK_CLIENT_ID and OAUTH_SLACK_CLIENT_SECRET, or neither.',
    });
  });
});
