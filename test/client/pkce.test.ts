/// <reference types="mocha" />
import { expect } from 'chai';
import { challengeFor, clearPair, createVerifier, getOrStartPair, getPair, startPair } from '../../src/client/pkce.ts';
import { resetBrowserState } from '../support/client.ts';

const PT = 'public-token-test-pkce-unit';

describe('client PKCE', () => {
  beforeEach(resetBrowserState);

  it('computes the RFC 7636 appendix B challenge', async () => {
    expect(await challengeFor('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).to.equal(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('writes 16 random 32-bit words as unpadded lowercase hex with at least 2 digits each', () => {
    const words = [
      0, 1, 0xf, 0x10, 0xff, 0x100, 0xabc, 0xffff, 0x10000, 0xdeadbeef, 0xffffffff, 2, 3, 4, 5, 0x7fffffff,
    ];
    const original = crypto.getRandomValues.bind(crypto);
    let requested = -1;
    crypto.getRandomValues = (<T extends ArrayBufferView | null>(array: T): T => {
      const u32 = array as unknown as Uint32Array;
      requested = u32.length;
      words.forEach((w, i) => {
        u32[i] = w;
      });
      return array;
    }) as typeof crypto.getRandomValues;
    try {
      expect(createVerifier()).to.equal(
        '00' +
          '01' +
          '0f' +
          '10' +
          'ff' +
          '100' +
          'abc' +
          'ffff' +
          '10000' +
          'deadbeef' +
          'ffffffff' +
          '02' +
          '03' +
          '04' +
          '05' +
          '7fffffff',
      );
      expect(requested).to.equal(16);
    } finally {
      crypto.getRandomValues = original;
    }
  });

  it('makes verifiers of 32 to 128 lowercase hex characters that differ every time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const v = createVerifier();
      expect(v).to.match(/^[0-9a-f]{32,128}$/);
      seen.add(v);
    }
    expect(seen.size).to.equal(50);
  });

  it('stores a pair per namespace under stytch_sdk_state_<pt>::PKCE_VERIFIER:<ns> and clears it', async () => {
    const pair = await startPair(PT, 'magic_links');
    const stored = JSON.parse(localStorage.getItem(`stytch_sdk_state_${PT}::PKCE_VERIFIER:magic_links`)!);
    expect(stored).to.deep.equal({ code_challenge: pair.code_challenge, code_verifier: pair.code_verifier });
    expect(await challengeFor(pair.code_verifier)).to.equal(pair.code_challenge);
    expect(getPair(PT, 'oauth')).to.equal(null);
    expect(await getOrStartPair(PT, 'magic_links')).to.deep.equal(pair);
    clearPair(PT, 'magic_links');
    expect(localStorage.getItem(`stytch_sdk_state_${PT}::PKCE_VERIFIER:magic_links`)).to.equal(null);
  });

  it('warns about a malformed stored pair and replaces it', async () => {
    const key = `stytch_sdk_state_${PT}::PKCE_VERIFIER:passwords`;
    localStorage.setItem(key, '{"code_verifier": 42}');
    const warnings: unknown[][] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args);
    try {
      const pair = await getOrStartPair(PT, 'passwords');
      expect(warnings).to.have.length(1);
      expect(String(warnings[0]![0])).to.match(/malformed/i);
      expect(pair.code_verifier).to.match(/^[0-9a-f]{32,128}$/);
      expect(JSON.parse(localStorage.getItem(key)!)).to.deep.equal(pair);
    } finally {
      console.warn = warn;
    }
  });
});
