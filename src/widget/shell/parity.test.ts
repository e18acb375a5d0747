/// <reference types="mocha" />
// One source for the first paint, checked: the first paint (shell.ts, painting Main's view before React) and React's
// Main (rendering the same view) show the same DOM for every registered product's pages and Main's combinations
// (sign-in method tabs, social and wallet blocks, logo, no title, watermark), idle and with Continue held. Compared
// normalised: tags, attributes, ARIA, classes and text, with ids renamed in order of appearance (React's come from
// useId), field values and a country list's unselected options left out (state and late data, not markup). Real
// element, real service.
import { expect } from 'chai';
import type { AuthClient } from '../../client/types.ts';
import { makeClient, resetBrowserState } from '../../../test/support/client.ts';
import { testEnv, uniqueEmail, uniquePhoneNumber } from '../../../test/support/env.ts';
import { nextBusy, shellInput } from '../../../test/support/shell.ts';
import { until } from '../../../test/support/poll.ts';
import { mount, typeInto, unmountAll, type AuthLoginElement } from '../../../test/support/widget.ts';
import { resolveConfig, type AuthLoginConfig } from '../config.ts';
import { BLOCK_PLACEHOLDER_ATTRIBUTE } from '../dom-names.ts';
import { createTranslator } from '../i18n/index.ts';
import { PRODUCT_RECORDS, registerOrganizationProducts } from '../products/registry.ts';
import type { ProductFixtures, ProductRecord } from '../products/types.ts';
import type { ThemeInput } from '../theme/theme.ts';
import { resolveTheme } from '../theme/theme.ts';
import { shellPaintsMain } from './hand-over.ts';
import { SHELL_ATTRIBUTE, Shell, shellPaints } from './shell.ts';

// Every product, the organization ones included (they register on demand).
await registerOrganizationProducts();

const SHELL = `[${SHELL_ATTRIBUTE}]`;
/** How long React's Main is watched for a busy Continue after a press. */
const HELD_WAIT_MS = 3_000;
/** Attributes that hold state or mark the painter's nodes, not markup both renderers must agree on. */
const IGNORED = new Set(['value', SHELL_ATTRIBUTE]);
/** Attributes that name ids: renamed with the ids. */
const ID_REFS = new Set(['for', 'aria-describedby', 'aria-controls', 'aria-labelledby']);

/** `root`'s subtree as lines: one per element (tag and sorted attributes) or text, indented by depth. */
export function normalised(root: Element): string[] {
  const ids = new Map<string, string>();
  const rename = (id: string) => {
    if (!ids.has(id)) ids.set(id, `id${ids.size + 1}`);
    return ids.get(id)!;
  };
  const lines: string[] = [];
  const walk = (node: Element, depth: number) => {
    const attributes = node
      .getAttributeNames()
      .filter((name) => !IGNORED.has(name))
      .sort()
      .map((name) => {
        const value = node.getAttribute(name)!;
        if (name === 'id') return `id="${rename(value)}"`;
        if (ID_REFS.has(name)) return `${name}="${value.split(' ').map(rename).join(' ')}"`;
        return `${name}="${value}"`;
      });
    lines.push(`${'  '.repeat(depth)}<${node.localName}${attributes.map((a) => ` ${a}`).join('')}>`);
    let text = '';
    const flush = () => {
      if (text.trim()) lines.push(`${'  '.repeat(depth + 1)}"${text.trim()}"`);
      text = '';
    };
    for (const child of node.childNodes) {
      // A country list shows the selected country alone until the phone library has loaded (PhoneInput.tsx): the
      // selected option is the markup; the others are data that arrives later.
      if (child instanceof HTMLOptionElement && !child.selected) continue;
      if (child instanceof Text) text += child.data;
      else if (child instanceof Element) {
        flush();
        walk(child, depth + 1);
      }
    }
    flush();
  };
  walk(root, 0);
  return lines;
}

interface Case {
  name: string;
  config: AuthLoginConfig;
  theme?: ThemeInput;
  baseUrl?: string;
}

/** A product's pages and the page its accessibility screens are seen on (its fixtures.ts, by its registry record). */
async function productCases(record: ProductRecord): Promise<Case[]> {
  const { fixtures } = (await import(`../products/${record.folder}/fixtures.ts`)) as { fixtures: ProductFixtures };
  return [
    ...fixtures.pages.map((page) => ({ name: `${record.name}: page ${page.name}`, config: page.config })),
    { name: `${record.name}: its screens' page`, config: fixtures.accessibility.config },
  ];
}

/**
 * Main's combinations beyond a product's own pages: as many products at once as go together (each page's config added
 * while Main stays free of configuration errors: tabs, blocks, divider), the logo without a title, the watermark.
 */
function mainCases(all: Case[]): Case[] {
  let merged: AuthLoginConfig = { products: [] };
  // An organization sign-in (`authFlowType`) offers the organization products only: merged with the consumer pages,
  // it would turn theirs off. Their Main is compared on their own pages.
  for (const c of all.filter((page) => page.config.authFlowType === undefined)) {
    const products = [...new Set([...(merged.products ?? []), ...(c.config.products ?? [])])];
    const next: AuthLoginConfig = { ...c.config, ...merged, products };
    if (shellPaints(resolveConfig(next, testEnv.pageOrigin))) merged = next;
  }
  return [
    { name: `${(merged.products ?? []).join(', ')} at once`, config: merged },
    {
      name: 'a logo and no title',
      config: all[0]!.config,
      theme: { logo: { logoImageUrl: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' }, hideHeaderText: true },
    },
    { name: 'the watermark (a project that shows it)', config: merged, baseUrl: testEnv.settingsBaseUrl },
  ];
}

/** The first paint of `c`, painted apart with every block's module loaded: idle, then with Continue held (if any). */
async function shellLines(c: Case, client: AuthClient): Promise<{ idle: string[]; held: string[] | null }> {
  const host = document.body.appendChild(document.createElement('div'));
  try {
    const shadow = host.attachShadow({ mode: 'open' });
    const shell = new Shell(shadow, shellInput(c.config, client, c.theme));
    shell.clientMade();
    await shell.blocksPainted;
    const box = shadow.querySelector(`[part~="container"]${SHELL}`)!;
    const idle = normalised(box);
    const form = box.querySelector('form');
    if (!form) return { idle, held: null };
    // Continue shows busy in the frame after it is pressed, before anything that follows (an early send's screen).
    const held = nextBusy(form.querySelector('button[type="submit"]')!, () => normalised(box));
    form.requestSubmit();
    return { idle, held: await held };
  } finally {
    host.remove();
  }
}

/** React's Main for `c` once every block is React's own, then the moment Continue shows busy (if there is a form). */
async function reactLines(c: Case): Promise<{ idle: string[]; held: string[] | null }> {
  // Fields typed, so Continue makes its call: the held moment is the one both renderers show.
  const el: AuthLoginElement = mount({ config: c.config, theme: c.theme, baseUrl: c.baseUrl });
  const root = el.shadowRoot!;
  const container = await until(() => {
    const box = root.querySelector(`[part~="container"]:not(${SHELL})`);
    const ready = box && !root.querySelector(SHELL) && !box.querySelector(`[${BLOCK_PLACEHOLDER_ATTRIBUTE}]`);
    return ready && box.querySelector('[part~="header"]') ? box : null;
  }, `React's Main for ${c.name}`);
  const idle = normalised(container);
  const form = container.querySelector<HTMLFormElement>('form');
  if (!form) return { idle, held: null };
  const email = form.querySelector<HTMLInputElement>('input[type="email"]');
  if (email) typeInto(email, uniqueEmail('parity'));
  const phone = form.querySelector<HTMLInputElement>('input[type="tel"]');
  if (phone) typeInto(phone, uniquePhoneNumber());
  // Caught in the mutation that shows it busy (the call is in flight then, and answers later). A Continue that
  // makes no call from Main (a password screen opens instead) is never busy there: nothing to compare.
  const held = new Promise<string[] | null>((resolve) => {
    const observer = new MutationObserver(() => {
      if (!container.querySelector('button[type="submit"][aria-busy="true"]')) return;
      observer.disconnect();
      resolve(normalised(container));
    });
    observer.observe(container, { subtree: true, attributes: true, childList: true });
    setTimeout(() => {
      observer.disconnect();
      resolve(null);
    }, HELD_WAIT_MS);
  });
  form.requestSubmit();
  return { idle, held: await held };
}

/** The screen the first paint of `config` paints after Continue with `email` (its early send answered). */
async function sentShellLines(
  config: AuthLoginConfig,
  client: AuthClient,
  email: string,
): Promise<{ lines: string[]; title: string }> {
  const host = document.body.appendChild(document.createElement('div'));
  try {
    const shadow = host.attachShadow({ mode: 'open' });
    const t = createTranslator();
    const shell = new Shell(shadow, {
      config: resolveConfig(config, testEnv.pageOrigin),
      theme: resolveTheme(undefined),
      t,
      localeTag: 'en',
      dir: 'ltr',
      nonce: undefined,
      client: () => client,
    });
    shell.clientMade();
    const box = shadow.querySelector(`[part~="container"]${SHELL}`)!;
    typeInto(box.querySelector<HTMLInputElement>('input[type="email"]')!, email);
    box.querySelector('form')!.requestSubmit();
    const painted = await until(() => box.isConnected && shell.state().painted, 'the screen painted after the send');
    return { lines: normalised(box), title: painted.title(t) };
  } finally {
    host.remove();
  }
}

/** React's screen after Continue with `email` on `config`, once its title reads `title`. */
async function sentReactLines(config: AuthLoginConfig, email: string, title: string): Promise<string[]> {
  const el: AuthLoginElement = mount({ config });
  const root = el.shadowRoot!;
  const form = await until(
    () => !root.querySelector(SHELL) && root.querySelector<HTMLFormElement>(`[part~="container"] form`),
    "React's Main",
  );
  typeInto(form.querySelector<HTMLInputElement>('input[type="email"]')!, email);
  form.requestSubmit();
  const container = await until(() => {
    const box = root.querySelector(`[part~="container"]:not(${SHELL})`);
    return box?.querySelector('[part~="title"]')?.textContent === title ? box : null;
  }, `React's ${title}`);
  return normalised(container);
}

/** Compares the two renders of each case the first paint paints (once per distinct config); how many it compared. */
async function compare(cases: Case[]): Promise<number> {
  const seen = new Set<string>();
  const painted = cases.filter((c) => {
    const key = JSON.stringify([c.config, c.theme, c.baseUrl]);
    if (seen.has(key)) return false;
    seen.add(key);
    // Only where the first screen is Main: a product that opens instead (the organization login) is React's alone.
    return shellPaintsMain(resolveConfig(c.config, testEnv.pageOrigin), undefined);
  });
  for (const c of painted) {
    const client = makeClient({ baseUrl: c.baseUrl ?? testEnv.baseUrl });
    // The bootstrap as the element's client has it from its cache (the watermark), as on a visitor's second page.
    await client.bootstrap.get();
    const shell = await shellLines(c, client);
    const react = await reactLines(c);
    expect(shell.idle, c.name).to.deep.equal(react.idle);
    // The first paint holds Continue without checking the address: React shows it busy only for a call it makes.
    if (react.held) expect(shell.held, `${c.name}, Continue held`).to.deep.equal(react.held);
    unmountAll();
  }
  return painted.length;
}

describe('first paint and React render one view', () => {
  before(() => resetBrowserState());
  afterEach(() => unmountAll());

  // A product whose first screen is not Main (an identity provider's consent, an organization's login) has nothing the
  // first paint paints.
  for (const record of PRODUCT_RECORDS) {
    it(`shows the same DOM as React on ${record.name}'s pages, idle and with Continue held`, async function () {
      this.timeout(180_000);
      await compare(await productCases(record));
    });
  }

  it('shows the same DOM as React for Main with every block, a logo and no title, the watermark', async function () {
    this.timeout(180_000);
    const all = (await Promise.all(PRODUCT_RECORDS.map(productCases))).flat();
    expect(await compare(mainCases(all)), 'combinations compared').to.equal(3);
  });

  // Each product whose Continue the first paint answers itself (its record's emailSend): the screen painted then and
  // React's screen after the same Continue, for the same address.
  for (const record of PRODUCT_RECORDS.filter((r) => r.emailSend)) {
    it(`shows the same DOM as React for the screen ${record.name} paints after an early send`, async function () {
      this.timeout(60_000);
      const { fixtures } = (await import(`../products/${record.folder}/fixtures.ts`)) as { fixtures: ProductFixtures };
      const config = fixtures.pages[0]!.config;
      const email = uniqueEmail('parity-sent');
      const client = makeClient();
      await client.bootstrap.get();
      const painted = await sentShellLines(config, client, email);
      const react = await sentReactLines(config, email, painted.title);
      expect(painted.lines, record.name).to.deep.equal(react);
    });
  }

  it('fails on a drift: a renamed class, a missing spinner or a missing region are seen', () => {
    const box = document.createElement('div');
    box.innerHTML = '<p class="a" id="x">one</p><span aria-describedby="x"></span>';
    const base = normalised(box);
    const drifted = document.createElement('div');
    drifted.innerHTML = '<p class="b" id="y">one</p><span aria-describedby="y"></span>';
    expect(normalised(drifted)).to.not.deep.equal(base);
    drifted.innerHTML = '<p class="a" id="y">one</p><span aria-describedby="y"></span>';
    expect(normalised(drifted), 'ids are compared by their place, not their spelling').to.deep.equal(base);
    drifted.innerHTML = '<p class="a" id="y">one</p><span aria-describedby="y"></span><svg></svg>';
    expect(normalised(drifted)).to.not.deep.equal(base);
  });
});
