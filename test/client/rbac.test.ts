/// <reference types="mocha" />
import { expect } from 'chai';
import { MSG_RBAC_POLICY_MISSING } from '../../src/client/constants/rbac.ts';
import { freshClientState, makeClient, signIn, unreachableClient } from '../support/client.ts';

/** The wtr service's policy: editor may read and write documents; admin has `*` on documents and grades. */
const TRUTH_TABLE: [role: string, resource: string, action: string, allowed: boolean][] = [
  ['editor', 'documents', 'read', true],
  ['editor', 'documents', 'write', true],
  ['editor', 'documents', 'delete', false],
  ['editor', 'grades', 'read', false],
  ['editor', 'grades', 'publish', false],
  ['admin', 'documents', 'read', true],
  ['admin', 'documents', 'delete', true],
  ['admin', 'grades', 'publish', true],
  ['admin', 'grades', 'anything-else', true],
  ['admin', 'unknown-resource', 'read', false],
  ['none', 'documents', 'read', false],
];

function captureErrors(): { messages: unknown[]; restore(): void } {
  const original = console.error;
  const messages: unknown[] = [];
  console.error = (...args: unknown[]) => void messages.push(args[0]);
  return {
    messages,
    restore: () => {
      console.error = original;
    },
  };
}

describe('client RBAC against the bootstrap policy and the user’s roles from the service', () => {
  freshClientState();

  for (const role of ['editor', 'admin', 'none']) {
    it(
      `truth table for a user with role "${role}" (sync, async and allPermissions agree), ` + `including the wildcard`,
      async () => {
        const client = makeClient();
        const email =
          role === 'none' ? `rbac-none-${crypto.randomUUID().slice(0, 6)}@example.com` : `rbac-${role}@example.com`;
        const { response } = await signIn(client, email);
        expect(response.user.roles).to.deep.equal(role === 'none' ? [] : [role]);
        await client.bootstrap.get();
        const all = await client.rbac.allPermissions();
        for (const [r, resource, action, allowed] of TRUTH_TABLE.filter((row) => row[0] === role)) {
          const what = `${r} ${action} ${resource}`;
          expect(client.rbac.isAuthorizedSync(resource, action), what).to.equal(allowed);
          expect(await client.rbac.isAuthorized(resource, action), what).to.equal(allowed);
          if (all[resource]?.[action] !== undefined) expect(all[resource]![action], what).to.equal(allowed);
        }
        expect(Object.keys(all)).to.deep.equal(['documents', 'grades']);
        expect(Object.keys(all.grades!)).to.deep.equal(['read', 'publish']);
      },
    );
  }

  it('without a loadable policy, logs an error and grants nothing', async () => {
    const { client, done } = unreachableClient('public-token-test-rbac-unreachable');
    const errors = captureErrors();
    try {
      expect(client.rbac.isAuthorizedSync('documents', 'read')).to.equal(false);
      expect(await client.rbac.isAuthorized('documents', 'read')).to.equal(false);
      expect(await client.rbac.allPermissions()).to.deep.equal({});
      expect(errors.messages.filter((m) => m === MSG_RBAC_POLICY_MISSING).length).to.equal(3);
    } finally {
      errors.restore();
      await done();
    }
  });
});
