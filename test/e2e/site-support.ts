// Helpers for the demo-site journeys (test/e2e/site-*.test.ts): the site's pages and links, axe-core, scrolling and
// overflow checks. Their setup (product, browser, closed network, problems) is e2eSuite in support.ts.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from './support.ts';

/** Every page of the site with its one h1. The 404 page answers any unknown path. */
export const PAGES = [
  { path: '/', status: 200, h1: 'Light the stage, the sanctuary and the show', title: /^Westlight University/ },
  { path: '/title-ix', status: 200, h1: 'Title IX Policy', title: /^Title IX Policy · Westlight University$/ },
  { path: '/privacy-policy', status: 200, h1: 'Privacy Policy', title: /^Privacy Policy · Westlight University$/ },
  {
    path: '/student-portal',
    status: 200,
    h1: 'Login to Your Account',
    title: /^Student Portal · Westlight University$/,
  },
  { path: '/no-such-page', status: 404, h1: 'Oops! Page not found', title: /^Page not found · Westlight University$/ },
] as const;

/** The footer's links as the spec lists them (on the home page; elsewhere the section links point at `/#...`). */
export const FOOTER_LINKS = [
  ['Programs', '#programs'],
  ['Courses', '#courses'],
  ['Student Portal', '/student-portal'],
  ['Privacy Policy', '/privacy-policy'],
  ['Title IX', '/title-ix'],
  ['Accessibility', '/privacy-policy#accessibility'],
] as const;

export interface AxeNode {
  target: unknown[];
  html: string;
  failureSummary?: string;
}
export interface AxeRule {
  id: string;
  help: string;
  nodes: AxeNode[];
}
export interface AxeResults {
  violations: AxeRule[];
  passes: AxeRule[];
}

/** Runs axe-core (every default rule, open shadow roots included) on the page as it is now. */
export async function runAxe(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.addScriptTag({ path: path.join(repoRoot, 'node_modules/axe-core/axe.min.js') });
  }
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document): Promise<AxeResults> } }).axe;
    const { violations, passes } = await axe.run(document);
    return { violations, passes } as AxeResults;
  });
}

export function describeViolations(violations: AxeRule[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.map((n) => `    ${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`);
      return `${v.id} (${v.help}):\n${nodes.join('\n')}`;
    })
    .join('\n');
}

/** Resolves once the element with this id sits just below the sticky header (or the page cannot scroll further). */
export async function waitScrolledTo(page: Page, id: string, timeout = 5000): Promise<void> {
  await page.waitForFunction(
    (sectionId) => {
      const header = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
      const top = document.getElementById(sectionId)?.getBoundingClientRect().top;
      if (top === undefined) return false;
      const atBottom = Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1;
      const underHeader = top >= header - 1 && top <= header + 48;
      return underHeader || (atBottom && top >= header - 1 && top < window.innerHeight / 2);
    },
    id,
    { timeout, polling: 50 },
  );
}

/** True while the page is wider than its viewport (a phone would scroll sideways). */
export async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; clientWidth: number }> {
  return page.evaluate(() => ({
    scrollWidth: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
    clientWidth: document.documentElement.clientWidth,
  }));
}
