// The security building blocks on their own, with the RFC test vectors where they exist. No database.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseBasicAuth } from '../../src/server/security/basic-auth.ts';
import { isS256Challenge, s256Challenge, verifyPkce } from '../../src/server/security/pkce.ts';
import { isAllowedRedirectUrl, resolveRedirectUrl } from '../../src/server/security/redirect-urls.ts';
import { hashToken, newSecretToken, secretsEqual } from '../../src/server/security/tokens.ts';
import { normalizeEmail } from '../../src/server/http/validate.ts';
import { ApiError } from '../../src/server/http/errors.ts';

describe('PKCE (RFC 7636)', () => {
  it('matches the RFC 7636 appendix B test vector', () => {
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
    assert.equal(s256Challenge(verifier), challenge);
    assert.equal(verifyPkce(verifier, challenge), true);
    assert.equal(verifyPkce(`${verifier}x`, challenge), false);
    assert.equal(verifyPkce('', challenge), false);
  });

  it('accepts only 43-character base64url challenges', () => {
    assert.equal(isS256Challenge('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'), true);
    assert.equal(isS256Challenge('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM='), false);
    assert.equal(isS256Challenge('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw+cM'), false);
  });
});

describe('tokens', () => {
  it('are 256-bit base64url and differ every time', () => {
    const tokens = new Set(Array.from({ length: 100 }, newSecretToken));
    assert.equal(tokens.size, 100);
    for (const token of tokens) assert.match(token, /^[A-Za-z0-9_-]{43}$/);
  });

  it('hash to SHA-256 hex', () => {
    assert.equal(hashToken('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('compare in constant time, whatever the lengths', () => {
    assert.equal(secretsEqual('same', 'same'), true);
    assert.equal(secretsEqual('same', 'Same'), false);
    assert.equal(secretsEqual('short', 'much longer value'), false);
  });
});

describe('Basic auth', () => {
  const encode = (s: string) => `Basic ${Buffer.from(s).toString('base64')}`;
  it('splits at the first colon', () => {
    assert.deepEqual(parseBasicAuth(encode('public-token-test-1:sess:ion')), {
      publicToken: 'public-token-test-1',
      secret: 'sess:ion',
    });
    assert.deepEqual(parseBasicAuth(encode('pt:')), { publicToken: 'pt', secret: '' });
  });
  it('refuses anything else', () => {
    for (const header of [undefined, '', 'Bearer abc', 'Basic', encode('no-colon'), encode(':secret'), 'Basic a b']) {
      assert.equal(parseBasicAuth(header), null, String(header));
    }
  });
});

describe('redirect URL allowlist', () => {
  const allowlist = ['http://localhost:8787/student-portal', 'https://app.example/'];
  const check = (value: string, base: string | null = null) => {
    const url = resolveRedirectUrl(value, base);
    return url !== null && isAllowedRedirectUrl(url, allowlist);
  };
  it('allows the same origin and path, whatever the query', () => {
    assert.equal(check('http://localhost:8787/student-portal'), true);
    assert.equal(check('http://localhost:8787/student-portal?x=1#y'), true);
    assert.equal(check('https://app.example'), true);
    assert.equal(check('/student-portal', 'http://localhost:8787'), true);
  });
  it('refuses other schemes, hosts, ports, paths and tricks', () => {
    for (const value of [
      'https://localhost:8787/student-portal',
      'http://localhost:8788/student-portal',
      'http://localhost:8787/student-portal/',
      'http://localhost:8787/student-portal2',
      'http://localhost:8787@evil.example/student-portal',
      'http://user:pass@localhost:8787/student-portal',
      'http://evil.example/student-portal',
      'javascript:alert(1)',
      'data:text/html,hi',
    ]) {
      assert.equal(check(value), false, value);
    }
    assert.equal(check('//evil.example/student-portal', 'http://localhost:8787'), false);
    assert.equal(check('/student-portal', null), false);
    assert.equal(check('/student-portal', 'http://evil.example'), false);
  });
});

describe('email addresses', () => {
  it('are trimmed and lower-cased', () => {
    assert.equal(normalizeEmail('  Ada@Example.COM '), 'ada@example.com');
  });
  it('refuse what cannot be an address with invalid_email', () => {
    for (const value of [
      '',
      'ada',
      'ada@',
      '@example.com',
      'ada@example',
      'a b@example.com',
      'ada@@example.com',
      `${'a'.repeat(250)}@example.com`,
    ]) {
      assert.throws(
        () => normalizeEmail(value),
        (e: unknown) => e instanceof ApiError && e.errorType === 'invalid_email',
        value,
      );
    }
  });
});
