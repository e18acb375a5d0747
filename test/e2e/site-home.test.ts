// The home page of the demo university site against the real `npm start`: its sections and the spec's constants,
// the header's in-page navigation (desktop and the phone menu), the application PDF made in the browser with jsPDF
// loaded on demand, the financial-aid link, the contact form, and the toast.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { BrowserContext, BrowserContextOptions, Page, Request } from 'playwright-core';
import { caughtUp, e2eSuite } from './support.ts';
import { waitScrolledTo } from './site-support.ts';

const TOAST = {
  application: ['Application Downloaded', 'Please complete the form and email it to admissions@westlight.example.'],
  aid: ['Financial Aid Information', 'Opening federal student aid resources in a new tab.'],
  message: ['Message Sent!', "Thank you for your interest. We'll contact you within 24 hours."],
} as const;

/** A network call a page makes on purpose (not the favicon, or a lazy image scrolled into view). */
function isCall(req: Request): boolean {
  return (
    req.method() !== 'GET' ||
    ['document', 'fetch', 'xhr', 'script', 'eventsource', 'websocket', 'ping'].includes(req.resourceType())
  );
}

describe('demo site home page', () => {
  const e2e = e2eSuite();
  const problems: string[] = [];

  async function openHome(options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
    const context = await e2e.newContext(options);
    const { page, problems: seen } = await e2e.newPage(context);
    page.on('close', () => problems.push(...seen));
    await page.goto(`${e2e.product.url}/`);
    return { context, page };
  }

  /** The toasts on screen, as [title, text] pairs, read from inside the page's one status region. */
  async function toasts(page: Page): Promise<string[][]> {
    return page
      .locator('[role="status"] .toast')
      .evaluateAll((els) =>
        els.map((el) => [
          el.querySelector('.toast-title')?.textContent ?? '',
          el.querySelector('.toast-text')?.textContent ?? '',
        ]),
      );
  }

  it('has the sections in the spec’s order, with the spec’s ids', async () => {
    const { context, page } = await openHome();
    const order = await page.evaluate(() =>
      [...document.body.querySelectorAll('body > header, main > section, body > footer')].map((el) =>
        el.tagName === 'SECTION' ? el.id || (el.classList.contains('hero') ? 'hero' : '?') : el.tagName.toLowerCase(),
      ),
    );
    assert.deepEqual(order, [
      'header',
      'hero',
      'programs',
      'courses',
      'about',
      'admissions',
      'news',
      'contact',
      'footer',
    ]);
    await context.close();
  });

  it('shows the hero buttons and the exact stats, and the About stats', async () => {
    const { context, page } = await openHome();
    const hero = page.locator('.hero');
    assert.equal(await hero.getByRole('link', { name: 'Apply Today' }).getAttribute('href'), '#contact');
    assert.equal(await hero.getByRole('link', { name: 'Explore Programs' }).getAttribute('href'), '#programs');
    const stats = await hero
      .locator('.stat')
      .evaluateAll((els) => els.map((el) => el.textContent?.replace(/\s+/g, ' ').trim()));
    assert.deepEqual(stats, ['250+ Active Students', '15+ Faculty', '4 Degree Programs', '97% Employment Rate']);
    const about = await page
      .locator('#about .about-stats li')
      .evaluateAll((els) => els.map((el) => el.textContent?.replace(/\s+/g, ' ').trim()));
    assert.deepEqual(about, ['5,000+ Graduates', '15+ Years of teaching lighting', '100% Online']);
    await context.close();
  });

  it(
    'lists the four programs with type, duration, credits, highlights, and Most Popular on the ' + 'bachelor’s',
    async () => {
      const { context, page } = await openHome();
      const cards = await page.locator('#programs article').evaluateAll((els) =>
        els.map((el) => ({
          title: el.querySelector('h3')?.textContent,
          badges: [...el.querySelectorAll('.badge')].map((b) => b.textContent),
          facts: [...el.querySelectorAll('.facts dd')].map((d) => d.textContent),
          highlights: el.querySelectorAll('.checklist li').length,
        })),
      );
      assert.deepEqual(cards, [
        {
          title: 'Bachelor of Theatrical Lighting',
          badges: ['Degree', 'Most Popular'],
          facts: ['4 years', '120 credits'],
          highlights: 4,
        },
        {
          title: 'Associate of Lighting Technology',
          badges: ['Degree'],
          facts: ['2 years', '60 credits'],
          highlights: 4,
        },
        {
          title: 'Certified Lighting Designer (CLD)',
          badges: ['Certification'],
          facts: ['6 months', 'Professional certificate'],
          highlights: 4,
        },
        {
          title: 'Certified Lighting Coordinator (CLC)',
          badges: ['Certification'],
          facts: ['4 months', 'Professional certificate'],
          highlights: 4,
        },
      ]);
      await context.close();
    },
  );

  it('keeps the cards’ Apply Now / Learn More as real buttons named after their program, that do nothing', async () => {
    const { context, page } = await openHome();
    const requests: string[] = [];
    page.on('request', (req) => isCall(req) && requests.push(req.url()));
    for (const program of [
      'Bachelor of Theatrical Lighting',
      'Associate of Lighting Technology',
      'Certified Lighting Designer',
      'Certified Lighting Coordinator',
    ]) {
      for (const [verb, preposition] of [
        ['Apply Now', 'for'],
        ['Learn More', 'about'],
      ] as const) {
        const button = page.getByRole('button', { name: new RegExp(`^${verb} ${preposition} the ${program}`) });
        assert.equal(await button.count(), 1, `${verb} ${program}`);
        assert.equal(await button.getAttribute('type'), 'button');
        await button.click();
      }
    }
    await caughtUp(page);
    assert.equal(page.url(), `${e2e.product.url}/`, 'no navigation');
    assert.deepEqual(await toasts(page), []);
    assert.deepEqual(requests, [], 'no request');
    await context.close();
  });

  it('lists four departments of four courses, each with weeks and a level', async () => {
    const { context, page } = await openHome();
    const groups = await page.locator('#courses .dept').evaluateAll((els) =>
      els.map((el) => ({
        name: el.querySelector('h3')?.textContent,
        courses: [...el.querySelectorAll('.course')].map((c) => c.querySelector('.course-meta')?.textContent?.trim()),
      })),
    );
    assert.deepEqual(
      groups.map((g) => g.name),
      ['Lighting Theory & Fundamentals', 'Technical Skills', 'Creative Design', 'Production & Management'],
    );
    for (const group of groups) {
      assert.equal(group.courses.length, 4, group.name ?? '');
      for (const meta of group.courses) assert.match(meta ?? '', /^\d+ weeks (Beginner|Intermediate|Advanced)$/);
    }
    await context.close();
  });

  it('shows the admission requirements, deadlines, tuition, the 3 steps and both actions', async () => {
    const { context, page } = await openHome();
    const section = page.locator('#admissions');
    const requirements = await section.locator('.admissions-grid .checklist li').allTextContents();
    assert.deepEqual(requirements, [
      'High school diploma or equivalent',
      'Minimum 2.5 GPA',
      'Letter of recommendation',
      'Personal statement (500 words)',
      'Portfolio (optional)',
    ]);
    const rows = (table: string) =>
      section
        .getByRole('table', { name: table })
        .locator('tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent)));
    assert.deepEqual(await rows('Application Deadlines'), [
      ['Fall 2024', 'July 1', 'Aug 15'],
      ['Spring 2025', 'Nov 1', 'Dec 15'],
      ['Summer 2025', 'Mar 1', 'Apr 15'],
    ]);
    assert.deepEqual(await rows('Tuition'), [
      ['Associate of Applied Science', '60', '$18,500/year'],
      ['Bachelor of Fine Arts', '120', '$22,800/year'],
      ['Professional Certificate', '24', '$8,200/program'],
    ]);
    assert.equal(await section.locator('.steps > li').count(), 3);
    assert.ok(await section.getByRole('button', { name: 'Download Application' }).isVisible());
    assert.ok(await section.getByRole('link', { name: /^Financial Aid Info/ }).isVisible());
    await context.close();
  });

  it('shows four news items, three events, office hours and the 24-hour promise', async () => {
    const { context, page } = await openHome();
    assert.equal(await page.locator('#news article.news-item').count(), 4);
    assert.equal(await page.locator('#news article.news-item.featured').count(), 1);
    for (const item of await page.locator('#news article.news-item').all()) {
      assert.match((await item.locator('time').getAttribute('datetime')) ?? '', /^\d{4}-\d{2}-\d{2}$/);
      assert.equal(await item.locator('.badge').count(), 1, 'a category');
    }
    const events = await page.locator('#news .event').evaluateAll((els) =>
      els.map((el) => ({
        title: el.querySelector('h4')?.textContent,
        when: el.querySelector('time')?.getAttribute('datetime'),
        lines: el.querySelectorAll('div > p').length,
      })),
    );
    assert.equal(events.length, 3);
    for (const event of events) {
      assert.ok(event.title);
      assert.match(event.when ?? '', /^\d{4}-\d{2}-\d{2}$/);
      assert.equal(event.lines, 2, 'date and time, location');
    }
    const hours = await page.locator('#contact .hours').innerText();
    assert.match(hours.replace(/\s+/g, ' '), /Mon-Fri 8AM-6PM Sat 9AM-3PM Sun Closed/);
    assert.match(await page.locator('#contact').innerText(), /within 24 hours/);
    await context.close();
  });

  it('scrolls smoothly to each section from the header’s nav items and buttons, and the hero’s buttons', async () => {
    const { context, page } = await openHome();
    assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior), 'smooth');
    const header = page.getByRole('banner');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const targets = [
      [nav.getByRole('link', { name: 'Academics' }), 'programs'],
      [nav.getByRole('link', { name: 'Departments' }), 'courses'],
      [nav.getByRole('link', { name: 'Admissions' }), 'admissions'],
      [nav.getByRole('link', { name: 'About' }), 'about'],
      [nav.getByRole('link', { name: 'News' }), 'news'],
      [header.getByRole('link', { name: 'Apply Now', exact: true }), 'admissions'],
      [header.getByRole('link', { name: 'Contact Us', exact: true }), 'contact'],
      [page.locator('.hero').getByRole('link', { name: 'Apply Today' }), 'contact'],
      [page.locator('.hero').getByRole('link', { name: 'Explore Programs' }), 'programs'],
    ] as const;
    for (const [link, id] of targets) {
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await link.click();
      await waitScrolledTo(page, id);
      assert.equal(new URL(page.url()).hash, `#${id}`);
      // Keyboard focus follows, so the next Tab continues inside the section.
      assert.equal(await page.evaluate(() => document.activeElement?.id), id);
    }
    await context.close();
  });

  it('jumps without animation when the visitor prefers reduced motion', async () => {
    const { context, page } = await openHome({ reducedMotion: 'reduce' });
    assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior), 'auto');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News' }).click();
    await waitScrolledTo(page, 'news', 500);
    await context.close();
  });

  it('on a phone, the menu toggle opens the menu (aria-expanded) and closes it when an item is chosen', async () => {
    const { context, page } = await openHome({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const toggle = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    const controls = await toggle.getAttribute('aria-controls');
    assert.equal(await page.locator(`#${controls}`).count(), 1, 'aria-controls names the menu');
    assert.equal(await nav.isVisible(), false, 'closed at first');

    await toggle.tap();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    for (const name of ['Academics', 'Departments', 'Admissions', 'About', 'News']) {
      assert.ok(await nav.getByRole('link', { name }).isVisible(), name);
    }
    assert.ok(await page.getByRole('banner').getByRole('link', { name: 'Apply Now', exact: true }).isVisible());
    assert.ok(await page.getByRole('banner').getByRole('link', { name: 'Contact Us', exact: true }).isVisible());

    await nav.getByRole('link', { name: 'Departments' }).tap();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(await nav.isVisible(), false, 'closed after choosing');
    await waitScrolledTo(page, 'courses');

    // The header's buttons close it too, and Escape closes it and gives focus back to the toggle.
    await toggle.tap();
    await page.getByRole('banner').getByRole('link', { name: 'Contact Us', exact: true }).tap();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await waitScrolledTo(page, 'contact');
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    await page.keyboard.press('Escape');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(await nav.isVisible(), false);
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('menu-toggle')), true);
    await context.close();
  });

  it('makes the application PDF in the browser, loading jsPDF only on the click, and shows its toast', async () => {
    const { context, page } = await openHome({ acceptDownloads: true });
    const requested: string[] = [];
    page.on('request', (req: Request) => requested.push(new URL(req.url()).pathname));
    await page.waitForLoadState('networkidle');
    assert.deepEqual(
      requested.filter((p) => /jspdf|application-form/i.test(p)),
      [],
      'nothing loaded before the click',
    );
    assert.equal(await page.evaluate(() => 'jspdf' in window), false);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Application' }).click();
    const download = await downloading;
    assert.equal(download.suggestedFilename(), 'WLU-Application-Form.pdf');
    const file = await download.path();
    const pdf = fs.readFileSync(file).toString('latin1');
    assert.ok(pdf.startsWith('%PDF-'), 'a PDF header');
    assert.match(pdf.trimEnd(), /%%EOF$/);
    assert.match(pdf, /\/Type \/Page\b/);
    // jsPDF writes text uncompressed: each label is a string operand of the text operator.
    for (const label of [
      'Full Name',
      'Email Address',
      'Phone Number',
      'Mailing Address',
      'Program Choice',
      'Start Term',
      'Education',
      'Personal Statement',
      'Signature',
      'Date',
      'Minimum 2.5 GPA',
      'admissions@westlight.example',
    ]) {
      assert.ok(pdf.includes(`(${label}`) || new RegExp(`\\([^)]*${label}`).test(pdf), `the PDF contains "${label}"`);
    }
    assert.ok(requested.includes('/vendor/jspdf.umd.min.js'), 'jsPDF was fetched on the click');
    await page.getByText(TOAST.application[0]).waitFor();
    assert.deepEqual(await toasts(page), [TOAST.application]);
    await context.close();
  });

  it('opens the federal student-aid site in a new tab without an opener, and shows its toast', async () => {
    const { context, page } = await openHome();
    // No internet here: the new tab's request is answered locally.
    await context.route('https://studentaid.gov/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<title>Federal Student Aid</title><h1>Federal Student Aid</h1>',
      }),
    );
    const link = page.getByRole('link', { name: /^Financial Aid Info/ });
    assert.equal(await link.getAttribute('target'), '_blank');
    assert.match((await link.getAttribute('rel')) ?? '', /\bnoopener\b/);
    const opened = context.waitForEvent('page');
    await link.click();
    const tab = await opened;
    await tab.waitForLoadState();
    assert.equal(tab.url(), 'https://studentaid.gov/');
    assert.equal(await tab.title(), 'Federal Student Aid');
    assert.equal(await tab.evaluate(() => window.opener), null, 'noopener');
    await page.getByText(TOAST.aid[0]).waitFor();
    assert.deepEqual(await toasts(page), [TOAST.aid]);
    assert.equal(page.url(), `${e2e.product.url}/`, 'the site stays open');
    await context.close();
  });

  it(
    'blocks a contact submit with empty required fields, then sends nothing, resets and thanks ' + 'on a valid one',
    async () => {
      const { context, page } = await openHome();
      const form = page.locator('#contact-form');
      const requests: string[] = [];
      page.on('request', (req) => isCall(req) && requests.push(`${req.method()} ${req.url()}`));
      const send = form.getByRole('button', { name: 'Send Message' });

      await send.click();
      assert.equal(await form.evaluate((f: HTMLFormElement) => f.checkValidity()), false);
      assert.deepEqual(await form.locator(':invalid').evaluateAll((els) => els.map((el) => el.getAttribute('name'))), [
        'firstName',
        'lastName',
        'email',
      ]);
      assert.equal(
        await page.getByLabel('First name').evaluate((el: HTMLInputElement) => el.validity.valueMissing),
        true,
      );
      assert.equal(
        await page.getByLabel('Program of interest').evaluate((el: HTMLSelectElement) => el.required),
        false,
        'interest is not enforced',
      );
      await page.getByLabel('First name').fill('Maya');
      await page.getByLabel('Last name').fill('Okafor');
      await page.getByLabel('Email').fill('maya.okafor');
      await send.click();
      assert.equal(await page.getByLabel('Email').evaluate((el: HTMLInputElement) => el.validity.typeMismatch), true);
      await caughtUp(page);
      assert.deepEqual(await toasts(page), [], 'no toast while invalid');

      const options = await page
        .getByLabel('Program of interest')
        .locator('option')
        .evaluateAll((els) => els.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
      assert.deepEqual(
        options.map(([value]) => value),
        [
          '',
          'bachelor-degree',
          'associate-degree',
          'cld-certification',
          'clc-certification',
          'individual-courses',
          'corporate-training',
          'general-info',
        ],
      );
      for (const [value, label] of options.slice(1))
        assert.ok(label && label.length > 3 && label !== value, `readable label for ${value}`);

      await page.getByLabel('Email').fill('maya.okafor@example.com');
      await page.getByLabel('Phone').fill('+1 615 555 0100');
      await page.getByLabel('Program of interest').selectOption('cld-certification');
      await page.getByLabel('Message', { exact: true }).fill('Can I take the CLD while working weekends at my church?');
      await send.click();
      await page.getByText(TOAST.message[0]).waitFor();
      assert.deepEqual(await toasts(page), [TOAST.message]);
      const values = await form
        .locator('input, select, textarea')
        .evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));
      assert.deepEqual(values, ['', '', '', '', '', ''], 'every field is cleared');
      assert.deepEqual(requests, [], 'the form makes no network call');

      // Interest is labelled required but not enforced: the three required fields are enough. Toasts stack.
      await page.getByLabel('First name').fill('Sam');
      await page.getByLabel('Last name').fill('Lee');
      await page.getByLabel('Email').fill('sam@example.com');
      await send.click();
      await page.waitForFunction(() => document.querySelectorAll('[role="status"] .toast').length === 2);
      assert.deepEqual(await toasts(page), [TOAST.message, TOAST.message]);
      await context.close();
    },
  );

  it(
    'has one polite status region for toasts; a toast closes by its button or by itself after ' + 'a few seconds',
    async () => {
      const { context, page } = await openHome();
      await page.clock.install();
      await page.reload();
      const region = page.locator('[role="status"]');
      assert.equal(await region.count(), 1);
      assert.equal(await region.getAttribute('aria-live'), 'polite');
      await page.getByRole('link', { name: /^Financial Aid Info/ }).evaluate(
        (a) => a.addEventListener('click', (event) => event.preventDefault()), // keep this test in one tab
      );
      await page.getByRole('link', { name: /^Financial Aid Info/ }).click();
      await page.getByRole('button', { name: `Dismiss: ${TOAST.aid[0]}` }).click();
      assert.deepEqual(await toasts(page), []);

      // Away from the toast (hovering pauses it), and by keyboard.
      await page.mouse.move(5, 5);
      await page.getByRole('link', { name: /^Financial Aid Info/ }).press('Enter');
      await page.getByText(TOAST.aid[0]).waitFor();
      await page.clock.runFor(3000);
      assert.equal((await toasts(page)).length, 1, 'still there after 3 s');
      await page.clock.runFor(4000);
      assert.deepEqual(await toasts(page), [], 'gone after 7 s');
      await context.close();
    },
  );

  it('logged no errors and made no request outside the product’s origin', () => {
    assert.deepEqual(problems, []);
    assert.deepEqual(e2e.outside, []);
  });
});
