// The portal's load path: the element's module is fetched while the page parses (an async module script, before first
// paint) and only once, and the element's client and the page's own client share one bootstrap request.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PATHS } from '../../src/api/index.ts';
import { e2eSuite } from './support.ts';

const ENTRY = '/auth-login.js';
const PORTAL_SCRIPT = '/assets/portal.js';

describe('student portal: load path', () => {
  const e2e = e2eSuite();

  for (const portal of ['/student-portal', '/csp/student-portal']) {
    it(
      `${portal}: preloads the element before first paint and fetches bootstrap once for ` + `the element and the page`,
      async () => {
        const { page, problems } = await e2e.newPage();
        const bootstrapRequests: string[] = [];
        page.on('request', (request) => {
          if (new URL(request.url()).pathname.includes(PATHS.bootstrap(''))) bootstrapRequests.push(request.url());
        });
        await page.goto(`${e2e.product.url}${portal}`);
        // portal.js ends (top-level await) once it has made its client; importing it again resolves then.
        await page.evaluate((script) => import(script), PORTAL_SCRIPT);
        await page.getByLabel('Email').waitFor();
        assert.equal(await page.locator('auth-login').evaluate((element) => element.isConnected), true);

        const timing = await page.evaluate(
          (entry) => ({
            entries: performance
              .getEntriesByType('resource')
              .filter((e) => new URL(e.name).pathname === entry)
              .map((e) => ({ startTime: e.startTime })),
            firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
          }),
          ENTRY,
        );
        assert.equal(timing.entries.length, 1, `${ENTRY} fetched once: ${JSON.stringify(timing.entries)}`);
        assert.ok(timing.firstPaint !== undefined, 'the page painted');
        assert.ok(
          timing.entries[0]!.startTime < timing.firstPaint!,
          `requested before first paint: ${JSON.stringify(timing)}`,
        );

        assert.equal(bootstrapRequests.length, 1, `one bootstrap request: ${bootstrapRequests.join(', ')}`);
        assert.deepEqual(problems, []);
      },
    );
  }
});
