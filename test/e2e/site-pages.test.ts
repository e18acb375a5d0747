// The demo university site, page by page, against the real `npm start`: every route and its headline, the 404 page,
// the shared header and footer, the privacy policy's date, the portal's signed-out state, phones down to 320 px,
// and axe-core on every page (the portal's sign-in widget included, inside its shadow root).
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { e2eSuite } from './support.ts';
import { describeViolations, FOOTER_LINKS, horizontalOverflow, PAGES, runAxe } from './site-support.ts';

describe('demo site pages', () => {
  const e2e = e2eSuite();
  let context: BrowserContext;

  before(async () => {
    context = await e2e.newContext();
  });

  async function open(
    path: string,
    ctx: BrowserContext = context,
  ): Promise<{ page: Page; status: number; problems: string[] }> {
    const { page, problems } = await e2e.newPage(ctx);
    const res = await page.goto(`${e2e.product.url}${path}`);
    return { page, status: res?.status() ?? 0, problems };
  }

  it('renders every route with its headline, its title and exactly one visible h1', async () => {
    for (const spec of PAGES) {
      const { page, status } = await open(spec.path);
      assert.equal(status, spec.status, spec.path);
      await page.getByRole('heading', { level: 1, name: spec.h1, exact: true }).waitFor();
      assert.match(await page.title(), spec.title, spec.path);
      const visibleH1s = await page.locator('h1:visible').count();
      assert.equal(visibleH1s, 1, `${spec.path}: one visible h1`);
      assert.equal(await page.locator('main#main').count(), 1, `${spec.path}: one main landmark, the skip link target`);
      assert.equal(await page.locator('a.skip-link').getAttribute('href'), '#main');
      await page.close();
    }
  });

  it('gives every page the site header (logo, name, nav, Apply Now, Contact Us) and the footer links', async () => {
    for (const spec of PAGES) {
      const { page } = await open(spec.path);
      const home = spec.path === '/';
      const header = page.getByRole('banner');
      const brand = header.getByRole('link', { name: 'Westlight University' });
      assert.equal(await brand.getAttribute('href'), '/', spec.path);
      assert.equal(await header.locator('img[src="/assets/logo.svg"]').count(), 1, `${spec.path}: logo`);
      const nav = page.getByRole('navigation', { name: 'Main' });
      const items = await nav
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => [a.textContent?.trim(), a.getAttribute('href')]));
      const prefix = home ? '' : '/';
      assert.deepEqual(
        items,
        [
          ['Academics', `${prefix}#programs`],
          ['Departments', `${prefix}#courses`],
          ['Admissions', `${prefix}#admissions`],
          ['About', `${prefix}#about`],
          ['News', `${prefix}#news`],
        ],
        spec.path,
      );
      assert.equal(
        await header.getByRole('link', { name: 'Apply Now', exact: true }).getAttribute('href'),
        `${prefix}#admissions`,
      );
      assert.equal(
        await header.getByRole('link', { name: 'Contact Us', exact: true }).getAttribute('href'),
        `${prefix}#contact`,
      );

      const footerLinks = await page
        .getByRole('contentinfo')
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => [a.textContent?.trim(), a.getAttribute('href')]));
      const expected = FOOTER_LINKS.map(([name, href]) => [
        name,
        !home && href.length > 1 && href.startsWith('#') ? `/${href}` : href,
      ]);
      assert.deepEqual(footerLinks, expected, spec.path);
      await page.close();
    }
  });

  it('answers an unknown path with status 404, the 404 page, and logs the path to the console', async () => {
    const page = await context.newPage();
    const logged: string[] = [];
    page.on('console', (msg) => logged.push(msg.text()));
    const path = '/programs/underwater-lighting';
    const res = await page.goto(`${e2e.product.url}${path}?ref=newsletter`);
    assert.equal(res?.status(), 404);
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    assert.ok(
      logged.some((line) => line.includes(path)),
      `the path is in the console: ${JSON.stringify(logged)}`,
    );
    const home = page.getByRole('main').getByRole('link', { name: 'Return to Home' });
    assert.equal(await home.getAttribute('href'), '/');
    await home.click();
    await page.waitForURL(`${e2e.product.url}/`);
    await page.getByRole('heading', { level: 1, name: PAGES[0].h1 }).waitFor();
    await page.close();
  });

  it('shows today as the privacy policy’s Last Updated date, in the visitor’s locale and time zone', async () => {
    const formats = { year: 'numeric', month: 'long', day: 'numeric' } as const;
    for (const [locale, timezoneId] of [
      ['en-US', 'Pacific/Kiritimati'], // UTC+14: the visitor's day, not the server's (UTC) day
      ['de-DE', 'America/Los_Angeles'],
      ['ja-JP', 'Asia/Tokyo'],
    ] as const) {
      const ctx = await e2e.newContext({ locale, timezoneId });
      const { page } = await open('/privacy-policy', ctx);
      const time = page.locator('#last-updated');
      const [text, datetime] = [await time.textContent(), await time.getAttribute('datetime')];
      const now = new Date();
      const expected = new Intl.DateTimeFormat(locale, { ...formats, timeZone: timezoneId }).format(now);
      const expectedIso = new Intl.DateTimeFormat('en-CA', { timeZone: timezoneId }).format(now); // YYYY-MM-DD
      assert.equal(text, expected, `${locale} ${timezoneId}`);
      assert.equal(datetime, expectedIso, `${locale} ${timezoneId}`);
      assert.match(await page.locator('.updated').innerText(), new RegExp(`^Last Updated: ${expected}$`));
      await ctx.close();
    }
  });

  it('computes the date in the browser on every view: another day on the visitor’s clock shows that day', async () => {
    const ctx = await e2e.newContext({ locale: 'en-US', timezoneId: 'UTC' });
    const page = await ctx.newPage();
    await page.clock.setSystemTime(new Date('2031-02-03T12:00:00Z'));
    await page.goto(`${e2e.product.url}/privacy-policy`);
    assert.equal(await page.locator('#last-updated').textContent(), 'February 3, 2031');
    await page.clock.setSystemTime(new Date('2031-02-04T12:00:00Z'));
    await page.reload();
    assert.equal(await page.locator('#last-updated').textContent(), 'February 4, 2031');
    assert.equal(await page.locator('#last-updated').getAttribute('datetime'), '2031-02-04');
    await ctx.close();
  });

  it('renders the portal signed out: login panel with the widget and the sign-up hint, dashboard hidden', async () => {
    const { page, problems } = await open('/student-portal');
    await page.getByRole('heading', { name: 'Login to Your Account' }).waitFor();
    await page.getByRole('heading', { name: 'Sign up or log in' }).waitFor(); // inside the widget's shadow root
    assert.ok(await page.getByLabel('Email').isVisible());
    assert.match(await page.locator('.portal-hint').innerText(), /same form to sign up/);
    assert.equal(await page.locator('#signed-in').isVisible(), false);
    assert.equal(await page.getByRole('button', { name: 'Logout' }).isVisible(), false);
    assert.equal(await page.getByRole('heading', { name: /Welcome back/ }).isVisible(), false);
    // The widget is a site owner's embed: one script tag and the element's attributes.
    const widget = page.locator('auth-login');
    assert.equal(await widget.getAttribute('base-url'), '/');
    assert.match((await widget.getAttribute('public-token')) ?? '', /^public-token-test-/);
    assert.equal(
      JSON.parse((await widget.getAttribute('config')) ?? '{}').emailMagicLinksOptions.loginRedirectURL,
      '/student-portal',
    );
    assert.deepEqual(problems, []);
    await page.close();
  });

  it(
    'paints the portal before the sign-in module arrives; a returning student never sees the ' + 'login form flash',
    async () => {
      for (const returning of [false, true]) {
        const ctx = await e2e.newContext();
        // A stale session cookie: the portal hides the form until the client has checked it, then shows it again.
        if (returning)
          await ctx.addCookies([{ name: 'stytch_session', value: 'stale-session-token', url: e2e.product.url }]);
        const page = await ctx.newPage();
        let release = (): void => undefined;
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route('**/auth-login.js', async (route) => {
          await held;
          await route.continue();
        });
        await page.goto(`${e2e.product.url}/student-portal`, { waitUntil: 'commit' });
        await page.locator('footer.site-footer').waitFor({ state: 'attached' });
        await page.waitForFunction(() => document.readyState !== 'loading');
        const heading = page.getByRole('heading', { name: 'Login to Your Account' });
        assert.equal(await heading.isVisible(), !returning, `returning=${returning}: login heading before the module`);
        assert.equal(await page.locator('#signed-in').isVisible(), false);
        if (!returning) {
          const reserved = await page.locator('auth-login').evaluate((el) => el.getBoundingClientRect().height);
          assert.ok(reserved >= 260, `space reserved for the form: ${reserved}px`);
        }
        release();
        await heading.waitFor();
        await page.getByRole('heading', { name: 'Sign up or log in' }).waitFor();
        assert.equal(await page.evaluate(() => document.documentElement.dataset.session), undefined);
        await ctx.close();
      }
    },
  );

  it('keeps the portal steady while the widget loads: the space it needs is reserved', async () => {
    const { page } = await open('/student-portal');
    await page.getByRole('heading', { name: 'Sign up or log in' }).waitFor();
    // Loading is over once the network is idle; a shift is recorded when its frame is drawn, so one more frame later
    // every shift of the load is in the page's buffer, which takeRecords() reads at once (none recorded: none there).
    await page.waitForLoadState('networkidle');
    const shifts = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          requestAnimationFrame(() => {
            const observer = new PerformanceObserver(() => undefined);
            observer.observe({ type: 'layout-shift', buffered: true });
            const entries = observer.takeRecords() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[];
            observer.disconnect();
            resolve(entries.filter((entry) => !entry.hadRecentInput).reduce((total, entry) => total + entry.value, 0));
          }),
        ),
    );
    assert.ok(shifts < 0.02, `cumulative layout shift ${shifts}`);
    await page.close();
  });

  it('starts keyboard users at a visible skip link that moves focus into the main content', async () => {
    for (const spec of PAGES) {
      const { page } = await open(spec.path);
      // (On the portal, main's first control is the sign-in form: wait until it is there.)
      if (spec.path === '/student-portal') await page.getByRole('heading', { name: 'Sign up or log in' }).waitFor();
      await page.keyboard.press('Tab');
      const skip = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const box = el.getBoundingClientRect();
        return {
          text: el.textContent,
          inView: box.left >= 0 && box.top >= 0 && box.width > 0,
          outline: getComputedStyle(el).outlineStyle,
        };
      });
      assert.deepEqual(skip, { text: 'Skip to main content', inView: true, outline: 'solid' }, spec.path);
      await page.keyboard.press('Enter');
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'main', spec.path);
      // The next Tab lands inside main, not back in the header.
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const el = document.activeElement;
        const inner = el?.shadowRoot?.activeElement;
        return {
          inMain: Boolean(el?.closest('main')),
          what: `${el?.tagName}#${el?.id} ${inner ? `> ${inner.tagName}[${inner.getAttribute('part')}]` : ''}`,
        };
      });
      assert.equal(focused.inMain, true, `${spec.path}: the focus is on ${focused.what}`);
      await page.close();
    }
  });

  it('serves a valid robots.txt', async () => {
    const res = await fetch(`${e2e.product.url}/robots.txt`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
    const lines = (await res.text()).trim().split('\n');
    assert.equal(lines[0], 'User-agent: *');
    for (const line of lines.slice(1)) assert.match(line, /^(Allow|Disallow): \/\S*$/);
  });

  it('loads every public page without console errors or failed requests', async () => {
    for (const spec of PAGES.filter((p) => p.status === 200)) {
      const { page, problems } = await open(spec.path);
      await page.waitForLoadState('networkidle');
      assert.deepEqual(problems, [], spec.path);
      await page.close();
    }
  });

  for (const width of [320, 375]) {
    it(`has no horizontal scrolling at ${width} px on any page, with the menu closed or open`, async () => {
      const phone = await e2e.newContext({ viewport: { width, height: 740 }, isMobile: true, hasTouch: true });
      for (const spec of PAGES) {
        const { page } = await open(spec.path, phone);
        await page.waitForLoadState('networkidle');
        let size = await horizontalOverflow(page);
        assert.ok(size.scrollWidth <= size.clientWidth, `${spec.path} at ${width}px: ${JSON.stringify(size)}`);
        assert.equal(size.clientWidth, width);
        await page.getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News' }).waitFor();
        size = await horizontalOverflow(page);
        assert.ok(
          size.scrollWidth <= size.clientWidth,
          `${spec.path} at ${width}px, menu open: ${JSON.stringify(size)}`,
        );
        await page.close();
      }
      await phone.close();
    });
  }

  for (const width of [1280, 375]) {
    it(`passes axe-core with no violations on every page at ${width} px`, async () => {
      const ctx = await e2e.newContext({ viewport: { width, height: 800 } });
      for (const spec of PAGES) {
        const { page } = await open(spec.path, ctx);
        await page.waitForLoadState('networkidle');
        if (spec.path === '/student-portal') await page.getByRole('heading', { name: 'Sign up or log in' }).waitFor();
        const { violations, passes } = await runAxe(page);
        assert.equal(violations.length, 0, `${spec.path}:\n${describeViolations(violations)}`);
        if (spec.path === '/student-portal') {
          // axe went inside <auth-login>'s open shadow root: nodes in a shadow root have a target that is a list of
          // selectors, host first ([["auth-login", "#email"]]).
          const inShadow = passes
            .flatMap((rule) => rule.nodes)
            .filter((node) => node.target.some((t) => Array.isArray(t) && t[0] === 'auth-login'));
          assert.ok(inShadow.length > 0, 'axe checked the widget inside its shadow root');
        }
        await page.close();
      }
      await ctx.close();
    });
  }

  it('made no request outside the product’s origin', () => {
    assert.deepEqual(e2e.outside, []);
  });
});
