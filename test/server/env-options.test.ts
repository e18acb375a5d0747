// The environment a deployment or `npm start` sets: every variable into ServiceOptions (env-options.ts), and which
// mode may start with it (production-check.ts).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveConfig } from '../../src/server/config.ts';
import { MAX_SERVICE_PROCESSES } from '../../src/server/constants/deployment.ts';
import { DEFAULT_B2B_PUBLIC_TOKEN, DEFAULT_PUBLIC_TOKEN } from '../../src/server/constants/project.ts';
import {
  oauthEnvNames,
  oauthOptionsFromEnv,
  serviceOptionsFromEnv,
  serviceProcessesFromEnv,
} from '../../src/server/env-options.ts';
import {
  developmentRefusal,
  modeFromEnv,
  productionProblems,
  startupRefusal,
} from '../../src/server/production-check.ts';

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

describe('every service option from the environment', () => {
  const root = '/srv/identity';

  it('defaults to the local demo: development mode, port 8787 on localhost, PGlite in .data, no proxy', () => {
    assert.deepEqual(serviceOptionsFromEnv({}, root), {
      mode: 'development',
      port: 8787,
      hostname: 'localhost',
      database: { kind: 'pglite', dataDir: '/srv/identity/.data' },
      allowedOrigins: [],
      redirectUrls: [],
      trustProxy: 0,
      siteDir: '/srv/identity/demo-site',
      siteRedirectPaths: ['/student-portal', '/', '/oauth/authorize', '/csp/student-portal', '/corporate-training'],
      distDir: '/srv/identity/dist',
    });
  });

  it('reads a production deployment’s variables into the shared option names', () => {
    const options = serviceOptionsFromEnv(
      {
        NODE_ENV: 'production',
        PORT: '9000',
        HOST: '0.0.0.0',
        DATABASE_URL: 'postgres://identity@db/identity',
        PUBLIC_URL: 'https://id.westlight.edu',
        PUBLIC_TOKEN: 'public-token-live-1',
        ALLOWED_ORIGINS: 'https://westlight.edu, https://portal.westlight.edu',
        REDIRECT_URLS: 'https://westlight.edu/portal',
        SMTP_URL: 'smtp://mailer:secret@mail.westlight.edu:587',
        MAIL_FROM: 'Westlight <no-reply@westlight.edu>',
        SMS_WEBHOOK_URL: 'https://sms.westlight.edu/send',
        SMS_WEBHOOK_SECRET: 'webhook-secret',
        AUTH_SECRET_KEY: 'a'.repeat(64),
        AUTH_SECRET_KEY_PREVIOUS: `${'b'.repeat(64)},${'c'.repeat(64)}`,
        TRUST_PROXY: '2',
        ORGANIZATION_URL_TEMPLATE: ' https://westlight.edu/partners/{{slug}} ',
      },
      root,
    );
    assert.deepEqual(options, {
      mode: 'production',
      port: 9000,
      hostname: '0.0.0.0',
      database: { kind: 'postgres', url: 'postgres://identity@db/identity' },
      allowedOrigins: ['https://westlight.edu', 'https://portal.westlight.edu'],
      redirectUrls: ['https://westlight.edu/portal'],
      publicUrl: 'https://id.westlight.edu',
      trustProxy: 2,
      siteDir: '/srv/identity/demo-site',
      siteRedirectPaths: ['/student-portal', '/', '/oauth/authorize', '/csp/student-portal', '/corporate-training'],
      distDir: '/srv/identity/dist',
      publicToken: 'public-token-live-1',
      organizationUrlTemplate: 'https://westlight.edu/partners/{{slug}}',
      smtp: { url: 'smtp://mailer:secret@mail.westlight.edu:587', from: 'Westlight <no-reply@westlight.edu>' },
      smsWebhook: { url: 'https://sms.westlight.edu/send', secret: 'webhook-secret' },
      secretKey: 'a'.repeat(64),
      previousSecretKeys: ['b'.repeat(64), 'c'.repeat(64)],
    });
  });

  it('refuses malformed values, naming the variable', () => {
    assert.throws(() => serviceOptionsFromEnv({ PORT: '70000' }, root), {
      message: 'PORT must be 0..65535, got 70000',
    });
    for (const value of ['-1', '1.5', 'two', '11']) {
      assert.throws(() => serviceOptionsFromEnv({ TRUST_PROXY: value }, root), {
        message: `TRUST_PROXY must be the number of proxies in front of the service, 0..10, got ${value}`,
      });
    }
    assert.throws(() => serviceOptionsFromEnv({ SMS_WEBHOOK_URL: 'https://sms.example' }, root), {
      message: 'Set both SMS_WEBHOOK_URL and SMS_WEBHOOK_SECRET, or neither.',
    });
  });
});

describe('RBAC_POLICY and USER_ROLES, inline or from a file', () => {
  const root = '/srv/identity';
  const POLICY = {
    roles: [
      {
        role_id: 'instructor',
        description: 'Teaches',
        permissions: [{ resource_id: 'grades', actions: ['read', 'publish'] }],
      },
    ],
    resources: [{ resource_id: 'grades', description: 'Course grades', actions: ['read', 'publish'] }],
    scopes: [
      {
        scope: 'grades:publish',
        description: 'Publish grades',
        permissions: [{ resource_id: 'grades', actions: ['publish'] }],
      },
    ],
  };
  const ROLES = { 'Dean@Westlight.edu': ['admin'], 'user-live-7d1f': ['instructor'] };
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-login-rbac-'));
    fs.writeFileSync(path.join(dir, 'policy.json'), JSON.stringify(POLICY, null, 2));
    fs.writeFileSync(path.join(dir, 'roles.json'), JSON.stringify(ROLES));
    fs.writeFileSync(path.join(dir, 'broken.json'), '{"roles": [');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads both inline, in production and in development, with role keys in lower case', () => {
    for (const NODE_ENV of ['production', undefined]) {
      const options = serviceOptionsFromEnv(
        { NODE_ENV, RBAC_POLICY: JSON.stringify(POLICY), USER_ROLES: JSON.stringify(ROLES) },
        root,
      );
      assert.deepEqual(options.rbacPolicy, POLICY);
      assert.deepEqual(options.userRoles, { 'dean@westlight.edu': ['admin'], 'user-live-7d1f': ['instructor'] });
    }
  });

  it('reads both from files, a relative path from the repository root like DATA_DIR', () => {
    const options = serviceOptionsFromEnv(
      { RBAC_POLICY_FILE: path.join(dir, 'policy.json'), USER_ROLES_FILE: 'roles.json' },
      dir,
    );
    assert.deepEqual(options.rbacPolicy, POLICY);
    assert.deepEqual(options.userRoles, { 'dean@westlight.edu': ['admin'], 'user-live-7d1f': ['instructor'] });
  });

  it('leaves both to the defaults when unset or empty (development’s demo policy, no roles)', () => {
    const options = serviceOptionsFromEnv({ RBAC_POLICY: '', USER_ROLES_FILE: ' ' }, root);
    assert.equal('rbacPolicy' in options, false);
    assert.equal('userRoles' in options, false);
  });

  it('refuses a setting given both ways, malformed JSON and an unreadable file, naming the variable', () => {
    assert.throws(() => serviceOptionsFromEnv({ USER_ROLES: '{}', USER_ROLES_FILE: 'roles.json' }, dir), {
      message: 'Set USER_ROLES or USER_ROLES_FILE, not both.',
    });
    assert.throws(() => serviceOptionsFromEnv({ RBAC_POLICY: '{roles: []}' }, root), {
      message: /^RBAC_POLICY is not valid JSON: /,
    });
    assert.throws(() => serviceOptionsFromEnv({ RBAC_POLICY_FILE: 'broken.json' }, dir), {
      message: new RegExp(`^RBAC_POLICY_FILE \\(${path.join(dir, 'broken.json')}\\) is not valid JSON: `),
    });
    assert.throws(() => serviceOptionsFromEnv({ USER_ROLES_FILE: 'missing.json' }, dir), {
      message: new RegExp(`^USER_ROLES_FILE \\(${path.join(dir, 'missing.json')}\\) cannot be read: ENOENT`),
    });
  });

  it('refuses a policy of the wrong shape, naming the variable and the place in it', () => {
    const refused = (policy: unknown, message: string) =>
      assert.throws(
        () => serviceOptionsFromEnv({ NODE_ENV: 'production', RBAC_POLICY: JSON.stringify(policy) }, root),
        { message },
      );
    refused([], 'RBAC_POLICY must be an object with roles, resources and scopes arrays.');
    refused({ roles: [], resources: [] }, 'RBAC_POLICY: scopes must be an array.');
    refused(
      { ...POLICY, roles: [{ role_id: '', description: '', permissions: [] }] },
      'RBAC_POLICY: roles[0].role_id must be a non-empty string.',
    );
    refused(
      { ...POLICY, roles: [{ role_id: 'x', permissions: [] }] },
      'RBAC_POLICY: roles[0].description must be a string (it may be empty).',
    );
    refused(
      {
        ...POLICY,
        roles: [{ role_id: 'x', description: '', permissions: [{ resource_id: 'grade', actions: ['read'] }] }],
      },
      'RBAC_POLICY: roles[0].permissions[0].resource_id names "grade", which is not one of the policy\'s resources.',
    );
    refused(
      {
        ...POLICY,
        scopes: [
          { scope: 'grades:read', description: '', permissions: [{ resource_id: 'grades', actions: ['delete'] }] },
        ],
      },
      'RBAC_POLICY: scopes[0].permissions[0].actions names "delete", which is not an action of grades (nor "*").',
    );
    refused(
      { ...POLICY, scopes: [{ scope: 'grades publish', description: '', permissions: [] }] },
      'RBAC_POLICY: scopes[0].scope must be one OAuth scope token (no spaces or quotes).',
    );
    refused(
      { ...POLICY, roles: [POLICY.roles[0], POLICY.roles[0]] },
      'RBAC_POLICY: roles have two entries with role_id "instructor".',
    );
  });

  it('refuses user roles of the wrong shape, naming the variable and the user', () => {
    const refused = (roles: unknown, message: string) =>
      assert.throws(() => serviceOptionsFromEnv({ USER_ROLES: JSON.stringify(roles) }, root), { message });
    refused(['admin'], 'USER_ROLES must be an object of role id arrays by email address or user id.');
    refused({ 'dean@westlight.edu': 'admin' }, 'USER_ROLES: "dean@westlight.edu" must be an array.');
    refused({ 'dean@westlight.edu': ['admin', 7] }, 'USER_ROLES: "dean@westlight.edu"[1] must be a non-empty string.');
    refused(
      { 'dean@westlight.edu': [], 'DEAN@westlight.edu': [] },
      'USER_ROLES: "DEAN@westlight.edu" names a user already listed (keys are compared in lower case).',
    );
  });

  it('checks an embedding’s options the same way at start', () => {
    assert.throws(() => resolveConfig({ rbacPolicy: { roles: [], resources: [], scopes: 'none' } as never }), {
      message: 'rbacPolicy: scopes must be an array.',
    });
    assert.throws(() => resolveConfig({ userRoles: { ' dean@westlight.edu': ['admin'] } }), {
      message: 'userRoles: " dean@westlight.edu" must be an email address or a user id without surrounding spaces.',
    });
  });
});

describe('which mode may start (production-check.ts)', () => {
  const complete = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://id.westlight.edu',
    SMTP_URL: 'smtp://mail.westlight.edu:587',
    PUBLIC_TOKEN: 'public-token-live-1',
    B2B_PUBLIC_TOKEN: 'public-token-live-b2b-1',
    AUTH_SECRET_KEY: 'a'.repeat(64),
  };

  it('is production only with NODE_ENV=production', () => {
    assert.equal(modeFromEnv({ NODE_ENV: 'production' }), 'production');
    for (const value of [undefined, '', 'development', 'test', 'Production']) {
      assert.equal(modeFromEnv({ NODE_ENV: value }), 'development');
    }
  });

  it('lets npm start run on a loopback host without PUBLIC_URL', () => {
    for (const HOST of [undefined, 'localhost', '127.0.0.1', '::1']) assert.equal(developmentRefusal({ HOST }), null);
  });

  it('refuses npm start on a non-loopback host or with PUBLIC_URL, in one line', () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20', 'id.westlight.edu']) {
      assert.equal(
        developmentRefusal({ HOST }),
        `HOST=${HOST} is not a loopback address: development mode would expose its dev ` +
          `tools to the network. Deploy with NODE_ENV=production (README, "Deploy").`,
      );
    }
    assert.equal(
      startupRefusal({ PUBLIC_URL: 'https://id.westlight.edu' }),
      'PUBLIC_URL is set, which means this service is being deployed: development mode lets ' +
        'anyone sign in as anyone. Deploy with NODE_ENV=production (README, "Deploy").',
    );
  });

  it('starts production with every required variable, on any host', () => {
    assert.deepEqual(productionProblems(complete), []);
    assert.equal(startupRefusal({ ...complete, HOST: '0.0.0.0' }), null);
  });

  it('names each missing or unusable production variable', () => {
    assert.deepEqual(productionProblems({}), [
      'PUBLIC_URL (the origin browsers and providers reach the service at) is not set',
      'SMTP_URL (the mail transport) is not set',
      'PUBLIC_TOKEN is not set',
      'B2B_PUBLIC_TOKEN is not set',
      'AUTH_SECRET_KEY (the key that encrypts secrets at rest) is not set',
    ]);
    assert.deepEqual(productionProblems({ ...complete, PUBLIC_URL: 'id.westlight.edu' }), [
      'PUBLIC_URL must be an http(s) URL, got id.westlight.edu',
    ]);
    assert.deepEqual(productionProblems({ ...complete, PUBLIC_URL: 'ftp://id.westlight.edu' }), [
      'PUBLIC_URL must be an http(s) URL, got ftp://id.westlight.edu',
    ]);
    assert.deepEqual(productionProblems({ ...complete, PUBLIC_TOKEN: DEFAULT_PUBLIC_TOKEN }), [
      'PUBLIC_TOKEN is the built-in development token',
    ]);
    assert.deepEqual(productionProblems({ ...complete, B2B_PUBLIC_TOKEN: DEFAULT_B2B_PUBLIC_TOKEN }), [
      'B2B_PUBLIC_TOKEN is the built-in development token',
    ]);
    assert.deepEqual(productionProblems({ ...complete, B2B_PUBLIC_TOKEN: '' }), ['B2B_PUBLIC_TOKEN is not set']);
    assert.equal(
      startupRefusal({ ...complete, SMTP_URL: '', AUTH_SECRET_KEY: undefined }),
      'Refusing to start in production mode: SMTP_URL (the mail transport) is not set; ' +
        'AUTH_SECRET_KEY (the key that encrypts secrets at rest) is not set.',
    );
  });
});

describe('SERVICE_PROCESSES', () => {
  const postgres = { DATABASE_URL: 'postgres://identity@db/identity' };

  it('is one process when absent, empty or 0, and N on PostgreSQL', () => {
    assert.deepEqual(
      [
        serviceProcessesFromEnv({}),
        serviceProcessesFromEnv({ SERVICE_PROCESSES: '' }),
        serviceProcessesFromEnv({ SERVICE_PROCESSES: '0' }),
      ],
      [1, 1, 1],
    );
    assert.equal(serviceProcessesFromEnv({ ...postgres, SERVICE_PROCESSES: '4' }), 4);
    assert.equal(
      serviceProcessesFromEnv({ SERVICE_PROCESSES: '1' }),
      1,
      'one process is fine on the embedded database',
    );
  });

  it('refuses more than one process on the embedded database, naming DATABASE_URL', () => {
    assert.throws(() => serviceProcessesFromEnv({ SERVICE_PROCESSES: '2' }), {
      message:
        'SERVICE_PROCESSES=2 needs PostgreSQL (DATABASE_URL): the embedded database (PGlite) is ' +
        'opened by one process only.',
    });
  });

  it('refuses a value that is not a process count', () => {
    for (const value of ['-1', '2.5', 'four', ' 2', String(MAX_SERVICE_PROCESSES + 1)]) {
      assert.throws(() => serviceProcessesFromEnv({ ...postgres, SERVICE_PROCESSES: value }), {
        message: `SERVICE_PROCESSES must be the number of service processes, 0..${MAX_SERVICE_PROCESSES}, got ${value}`,
      });
    }
  });
});

describe('SIWE_REQUIRED', () => {
  const root = '/srv/identity';

  it('sets siweRequiredForCryptoWallets in production and in development; absent or empty leaves the default', () => {
    const production = { NODE_ENV: 'production' };
    assert.equal(
      serviceOptionsFromEnv({ ...production, SIWE_REQUIRED: 'true' }, root).siweRequiredForCryptoWallets,
      true,
    );
    assert.equal(
      serviceOptionsFromEnv({ ...production, SIWE_REQUIRED: 'false' }, root).siweRequiredForCryptoWallets,
      false,
    );
    assert.equal(serviceOptionsFromEnv({ SIWE_REQUIRED: 'true' }, root).siweRequiredForCryptoWallets, true);
    assert.equal(serviceOptionsFromEnv({ SIWE_REQUIRED: ' FALSE ' }, root).siweRequiredForCryptoWallets, false);
    for (const value of [undefined, '']) {
      assert.equal('siweRequiredForCryptoWallets' in serviceOptionsFromEnv({ SIWE_REQUIRED: value }, root), false);
    }
  });

  it('refuses anything but true or false, naming the variable', () => {
    for (const value of ['1', 'yes', 'on', 'truee']) {
      assert.throws(() => serviceOptionsFromEnv({ SIWE_REQUIRED: value }, root), {
        message: `SIWE_REQUIRED must be true or false, got ${value}`,
      });
    }
  });
});

describe('RECAPTCHA_*', () => {
  const root = '/srv/identity';
  const keys = { RECAPTCHA_SITE_KEY: ' site-key ', RECAPTCHA_PROJECT_ID: 'westlight-id', RECAPTCHA_API_KEY: 'api-key' };

  it('reads the three keys (all or none) in either mode, with the score and API URL when given', () => {
    const expected = { siteKey: 'site-key', projectId: 'westlight-id', apiKey: 'api-key' };
    assert.deepEqual(serviceOptionsFromEnv(keys, root).recaptcha, expected);
    assert.deepEqual(serviceOptionsFromEnv({ NODE_ENV: 'production', ...keys }, root).recaptcha, expected);
    assert.deepEqual(
      serviceOptionsFromEnv(
        { ...keys, RECAPTCHA_MIN_SCORE: '0.7', RECAPTCHA_API_URL: 'https://recaptcha-proxy.westlight.example' },
        root,
      ).recaptcha,
      { ...expected, minScore: 0.7, apiUrl: 'https://recaptcha-proxy.westlight.example/' },
    );
    assert.equal(serviceOptionsFromEnv({ ...keys, RECAPTCHA_MIN_SCORE: '1' }, root).recaptcha?.minScore, 1);
    assert.equal('recaptcha' in serviceOptionsFromEnv({ RECAPTCHA_SITE_KEY: '', RECAPTCHA_API_KEY: ' ' }, root), false);
  });

  it('refuses a partial set, a score or URL alone, and malformed values, naming the variables', () => {
    const partial = 'Set all of RECAPTCHA_SITE_KEY, RECAPTCHA_PROJECT_ID, RECAPTCHA_API_KEY, or none.';
    for (const missing of Object.keys(keys)) {
      const env: Record<string, string> = { ...keys };
      delete env[missing];
      assert.throws(() => serviceOptionsFromEnv(env, root), { message: partial });
    }
    const alone =
      'RECAPTCHA_MIN_SCORE and RECAPTCHA_API_URL need RECAPTCHA_SITE_KEY, RECAPTCHA_PROJECT_ID, RECAPTCHA_API_KEY';
    assert.throws(() => serviceOptionsFromEnv({ RECAPTCHA_MIN_SCORE: '0.5' }, root), { message: alone });
    assert.throws(() => serviceOptionsFromEnv({ RECAPTCHA_API_URL: 'https://x.example' }, root), { message: alone });
    for (const value of ['1.5', '-0.1', 'high', '.5', '0,5']) {
      assert.throws(() => serviceOptionsFromEnv({ ...keys, RECAPTCHA_MIN_SCORE: value }, root), {
        message: `RECAPTCHA_MIN_SCORE must be a number from 0 to 1, got ${value}`,
      });
    }
    assert.throws(() => serviceOptionsFromEnv({ ...keys, RECAPTCHA_API_URL: 'not a url' }, root), {
      message: 'RECAPTCHA_API_URL must be an absolute URL, got not a url',
    });
  });

  it('stops the start without DFP_PROTECTED_AUTH_ENABLED, whose rule is the only one that asks for a captcha', () => {
    assert.throws(() => resolveConfig(serviceOptionsFromEnv(keys, root)), {
      message:
        'recaptcha needs dfpProtectedAuth (DFP_PROTECTED_AUTH_ENABLED=true): only DECISIONING asks for a captcha.',
    });
    const config = resolveConfig(serviceOptionsFromEnv({ ...keys, DFP_PROTECTED_AUTH_ENABLED: 'true' }, root));
    assert.equal(config.recaptcha?.siteKey, 'site-key');
  });
});
