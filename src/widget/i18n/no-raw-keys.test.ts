/// <reference types="mocha" />
// No catalogue key ever reaches the screen. Every state that names a screen (`meta.screen`) in the root statechart and
// in the machine of every registered product is found by walking the machines, not listed here, so a new state is
// covered without editing this file. Each is shown by <auth-login> in every supported language on a cold page, and
// the test fails when a text or an accessible attribute on it is a key of a catalogue or looks like one, when a
// Spanish or French page shows a text of the English tables that has a translation (or a country named in English),
// or when the state could not be shown at all.
//
// Cold: each case runs in a new iframe (test/support/cold-page.ts) whose document evaluates the element's entry for
// itself, so its modules, its translator's tables and the registry's loaded chunks start empty, whatever the test page
// or another case loaded. The case first checks that none of the lazy tables (the error catalogue, the outcome table,
// every product's strings) and no Spanish or French text is there yet; what the screen then shows was loaded by the
// element's own path: the product's chunk through the registry, with its tables in the language shown. (The runner
// bundles the page into one file, but a dynamic import in it still runs its module only when it is called, so what
// loads when is as in the built element, without the network.)
//
// What is real: the element, the root statechart, the view, the screens, the string tables and how they load, and the
// identity service in-process. A state a visitor's journey can stop in is reached by that journey against the service
// (a request held where the state waits for its answer). The others, which need a wallet, a passkey, a connected
// app's signed-in visit, an account in a given shape or a local step that does not wait, are seeded: the page's query
// opens the product (as a mode would) and its own machine, with its own implementations, starts in that state with
// the context a step before would have set (cold-page.page.ts). A product's journeys and seed are its own, declared
// as data in its fixtures.ts (`coldPage`) and played here, so this file names no product.
import { expect } from 'chai';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, type Locale } from '../../api/locales.ts';
import type { AuthLoginConfig, Product } from '../config.ts';
import type { AuthLoginElement } from '../element.ts';
import { rootMachine } from '../machine/root.ts';
import type { StateMeta } from '../machine/screen.ts';
import { PRODUCT_RECORDS, registerOrganizationProducts } from '../products/registry.ts';
import type {
  ColdJourney,
  ColdPageContext,
  ColdPageFixture,
  ProductFixtures,
  ProductRecord,
} from '../products/types.ts';
import { destroyClients, makeClient, resetBrowserState } from '../../../test/support/client.ts';
import {
  openColdPage,
  type ColdPage,
  type OpenColdPage,
  type ScreenOwner,
  type Seed,
} from '../../../test/support/cold-page.ts';
import { devInbox, latestOtpCode, testEnv, uniqueEmail } from '../../../test/support/env.ts';
import { until } from '../../../test/support/poll.ts';
import { en } from './en.ts';
import { enErrors } from './en-errors.ts';
import { enOutcome } from './en-outcome.ts';
import { index as esIndex } from './es.ts';
import { index as frIndex } from './fr.ts';
import { createTranslator, type MessageKey } from './index.ts';
import type { LocaleIndex, TranslatedLocale } from './tables.ts';

// ---- The catalogues: every key, and each text in each language ----

/** The string tables a module exports: objects whose every value is a string. */
function stringTables(module: unknown): Record<string, string>[] {
  return Object.values(module as Record<string, unknown>).filter(
    (value): value is Record<string, string> =>
      typeof value === 'object' && value !== null && Object.values(value).every((text) => typeof text === 'string'),
  );
}

// Every product's chunk, through its record: the machines to walk, and each product's English table registered.
// Every product, the organization ones included (they register on demand).
await registerOrganizationProducts();

const MODULES = await Promise.all(PRODUCT_RECORDS.map((record) => record.load()));

/** Each product's cold-page fixture (its fixtures.ts `coldPage`, found by its record's folder), in registry order. */
const COLD_PAGES: ColdPageFixture[] = await Promise.all(
  PRODUCT_RECORDS.map(
    async (record) =>
      ((await import(`../products/${record.folder}/fixtures.ts`)) as { fixtures: ProductFixtures }).fixtures.coldPage,
  ),
);

/** The locale indexes (importing them registers Main's, the catalogue's and the outcome tables of their language). */
const INDEXES: Record<TranslatedLocale, LocaleIndex> = { es: esIndex, fr: frIndex };
const isTranslated = (locale: Locale): locale is TranslatedLocale => locale !== DEFAULT_LOCALE;
const TRANSLATED = SUPPORTED_LOCALES.filter(isTranslated);

/** Each product's translated tables, fetched by the indexes through the records (their keys are the English ones). */
const PRODUCT_TABLES = (
  await Promise.all(
    TRANSLATED.map((locale) => INDEXES[locale].load(PRODUCT_RECORDS.map((record) => record.translations))),
  )
).flatMap((modules) => (modules as unknown[]).flatMap(stringTables));

/** The first-paint keys: registered by the entry, so a cold page has them. */
const FIRST_PAINT_KEYS = Object.keys(en);
/** Every key of every catalogue. */
const KEYS = [
  ...new Set([
    ...FIRST_PAINT_KEYS,
    ...Object.keys(enErrors),
    ...Object.keys(enOutcome),
    ...PRODUCT_TABLES.flatMap(Object.keys),
  ]),
];
const LAZY_KEYS = KEYS.filter((key) => !FIRST_PAINT_KEYS.includes(key));
const KEY_SET = new Set(KEYS);
/** What keys start with ('main', 'otp', 'errors', …): a dotted word starting with one of them reads as a key. */
const NAMESPACES = new Set(KEYS.map((key) => key.split('.')[0]!));

/** Each key's text in each language, as the translator gives it once every table has loaded. */
const TEXTS = Object.fromEntries(
  SUPPORTED_LOCALES.map((locale) => {
    const t = createTranslator(null, locale);
    return [locale, new Map(KEYS.map((key) => [key, t(key as MessageKey)]))];
  }),
) as Record<Locale, Map<string, string>>;

/** Texts to look for: those without parameters as they are, the others as patterns (a parameter matches any text). */
interface TextSet {
  exact: Set<string>;
  patterns: RegExp[];
}

function textSet(texts: Iterable<string>): TextSet {
  const set: TextSet = { exact: new Set(), patterns: [] };
  for (const text of texts) {
    if (!/\{\w+\}/.test(text)) set.exact.add(text);
    else set.patterns.push(new RegExp(`^${text.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '.+')}$`, 's'));
  }
  return set;
}

const inSet = (set: TextSet, text: string) => set.exact.has(text) || set.patterns.some((pattern) => pattern.test(text));

/** Per translated language: the English texts that language translates differently, and its own texts. */
const ENGLISH_ONLY = Object.fromEntries(
  TRANSLATED.map((locale) => [
    locale,
    textSet(KEYS.filter((key) => TEXTS[locale].get(key) !== TEXTS.en.get(key)).map((key) => TEXTS.en.get(key)!)),
  ]),
) as Record<TranslatedLocale, TextSet>;
const OWN_TEXTS = Object.fromEntries(TRANSLATED.map((locale) => [locale, textSet(TEXTS[locale].values())])) as Record<
  TranslatedLocale,
  TextSet
>;

// ---- What a screen shows, and what is wrong with it ----

/** The attributes that name or describe a control to a reader, or show as text. */
const ATTRIBUTES = [
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'placeholder',
  'title',
  'alt',
];
/** Elements that flow inside a line of text: an element holding only these says one thing with its whole text. */
const PHRASING = new Set('a abbr b bdi bdo br code em i kbd mark q s small span strong sub sup time u wbr'.split(' '));

/** Whether `element`'s whole text is one line said (a key split over several text nodes still shows in it). */
const isOneLine = (element: Element) =>
  element.childElementCount > 0 &&
  [...element.querySelectorAll('*')].every((inner) => PHRASING.has(inner.localName) || inner.closest('svg'));

/**
 * A dotted identifier: two or more dot-separated words of letters, digits and underscores, the first starting lower
 * case ('success.title', 'otpConfirmation.text', 'errors.unable_to_auth_magic_link'); not inside an address, a host
 * name or a path.
 */
const DOTTED_IDENTIFIER = /(?<![\w@./:-])[a-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)+(?![\w@/-])/g;

/** A dotted identifier reads as a key when it starts with a catalogue's namespace or is camelCase ('fooBar.title'). */
const readsAsKey = (identifier: string) =>
  NAMESPACES.has(identifier.split('.')[0]!) || identifier.split('.').some((word) => /[a-z][A-Z]/.test(word));

const normalise = (text: string) => text.replace(/[ \t\r\n]+/g, ' ').trim();

/** Everything the element shows or says: its texts, each element's whole text, and the attributes above. */
function shownStrings(el: AuthLoginElement): string[] {
  const root = el.shadowRoot!;
  const found: string[] = [];
  const walker = el.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest('style, script, template')) found.push(node.nodeValue ?? '');
  }
  for (const element of root.querySelectorAll('*')) {
    if (element.closest('style, script, template')) continue;
    for (const name of ATTRIBUTES) found.push(element.getAttribute(name) ?? '');
    if (isOneLine(element)) found.push(element.textContent ?? '');
  }
  return [...new Set(found.map(normalise).filter(Boolean))];
}

/** What is wrong with what the element shows in `locale`: raw keys, key-like identifiers, English left untranslated. */
function problemsOf(el: AuthLoginElement, locale: Locale): string[] {
  const problems = new Set<string>();
  for (const text of shownStrings(el)) {
    if (KEY_SET.has(text)) problems.add(`a catalogue key: "${text}"`);
    for (const [identifier] of text.matchAll(DOTTED_IDENTIFIER)) {
      if (readsAsKey(identifier)) problems.add(`a key-like identifier "${identifier}" in "${text}"`);
    }
    if (isTranslated(locale) && inSet(ENGLISH_ONLY[locale], text) && !inSet(OWN_TEXTS[locale], text)) {
      problems.add(`English on a page in ${locale}: "${text}"`);
    }
  }
  // The phone input's countries are named by the browser in the page's language, not in English.
  const regions = new Intl.DisplayNames([locale], { type: 'region' });
  for (const option of el.shadowRoot!.querySelectorAll('option')) {
    const name = /^[A-Z]{2}$/.test(option.value) ? regions.of(option.value) : undefined;
    const text = normalise(option.textContent ?? '');
    if (name && !text.includes(name)) problems.add(`a country not named in ${locale}: "${text}"`);
  }
  return [...problems];
}

// ---- The states to show: every state of every machine that names a screen ----

interface Target {
  /** 'root', a product's name, or `main:<product>` for a machine a product runs on Main (none names a screen yet). */
  owner: ScreenOwner | `main:${Product}`;
  id: string;
  path: string[];
  screen: string;
}

function screenStates(machine: AnyStateMachine, owner: Target['owner']): Target[] {
  const found: Target[] = [];
  const visit = (node: AnyStateNode) => {
    const meta = node.meta as StateMeta | undefined;
    if (meta?.screen) found.push({ owner, id: node.id, path: [...node.path], screen: meta.screen });
    for (const child of Object.values(node.states)) visit(child as AnyStateNode);
  };
  visit(machine.root as AnyStateNode);
  return found;
}

const TARGETS: Target[] = [
  ...screenStates(rootMachine, 'root'),
  ...PRODUCT_RECORDS.flatMap((record, i) => {
    const module = MODULES[i]!;
    return [
      ...screenStates(module.machine, record.name),
      ...(module.mainMachine ? screenStates(module.mainMachine, `main:${record.name}`) : []),
    ];
  }),
];

/** The title of the screens that say the visitor is signed in: the outcome table's, in each language. */
const SUCCESS_TITLE: Record<Locale, string> = { en: 'Success!', es: '¡Listo!', fr: 'C’est fait\u00a0!' };
/** Those screens, as `owner:screen`: the root's, and those each product's fixture names. */
const SUCCESS_SCREENS = [
  'root:Success',
  ...PRODUCT_RECORDS.flatMap((record, i) =>
    (COLD_PAGES[i]!.successScreens ?? []).map((screen) => `${record.name}:${screen}`),
  ),
];

// ---- How each state is reached ----

/** A case's cold page, its language and the target; a driver mounts the element and brings it to the target. */
interface Case {
  page: ColdPage;
  locale: Locale;
  target: Target;
}
type Driver = (c: Case) => Promise<AuthLoginElement>;

const mountIn = ({ page, locale }: Case, options: { config?: AuthLoginConfig; mode?: string } = {}) =>
  page.mount({ baseUrl: testEnv.baseUrl, publicToken: testEnv.publicToken, locale, ...options });

/** A node React rendered (not the first-paint shell's) matching `selector`. */
function rendered<T extends Element>(el: AuthLoginElement, selector: string): T | null {
  return (
    [...el.shadowRoot!.querySelectorAll<T>(selector)].find((node) => !node.closest('[data-auth-login-shell]')) ?? null
  );
}

/** Waits for React's Main (the first-paint shell has handed over). */
const reactMain = ({ page }: Case) => until(() => page.shows('root', ['main'], 'Main'), "React's Main");

/** Types `email` into Main's field and submits its form (whatever the button says in this language). */
async function submitEmail(c: Case, el: AuthLoginElement, email: string): Promise<void> {
  await reactMain(c);
  const input = await until(() => rendered<HTMLInputElement>(el, 'input[type="email"]'), 'the email input');
  c.page.typeInto(input, email);
  await until(() => input.value === email, 'the typed address');
  input.form!.requestSubmit();
}

/** What the products' fixtures are given: this test's helpers (fixtures also load in Node, where these cannot). */
const CONTEXT: ColdPageContext = {
  pageOrigin: testEnv.pageOrigin,
  uniqueEmail,
  client: () => makeClient(),
  inbox: devInbox,
};

/** A redirect token the service never issued: refused when sent, or never sent (held, or a form waiting for input). */
const UNISSUED_TOKEN = 'not-a-real-token';

/** The page's query for a redirect token of the type `record` answers. */
function tokenQuery(record: ProductRecord, token: string): string {
  if (!record.urlToken) throw new Error(`${record.name} answers no redirect token`);
  return `?stytch_token_type=${record.urlToken.type}&token=${encodeURIComponent(token)}`;
}

/** The driver that plays `journey`, a product's (ColdJourney), on a page for `record`. */
function play(record: ProductRecord, journey: ColdJourney): Driver {
  switch (journey.kind) {
    case 'urlToken': {
      const { config, hold } = journey;
      return async (c) => {
        if (hold) c.page.hold(hold);
        c.page.setQuery(tokenQuery(record, UNISSUED_TOKEN));
        return mountIn(c, config ? { config } : {});
      };
    }
    case 'email': {
      const { config, hold, passcode } = journey;
      return async (c) => {
        if (hold) c.page.hold(hold);
        const el = mountIn(c, { config });
        const email = uniqueEmail('cold-page');
        await submitEmail(c, el, email);
        if (passcode) {
          const input = await until(() => rendered<HTMLInputElement>(el, passcode), 'the passcode input');
          c.page.typeInto(input, await latestOtpCode(email));
        }
        return el;
      };
    }
    case 'click': {
      const { config, selector } = journey;
      return async (c) => {
        const el = mountIn(c, { config });
        await reactMain(c);
        (await until(() => rendered<HTMLButtonElement>(el, selector), selector)).click();
        return el;
      };
    }
    case 'mode': {
      const { query } = journey;
      return async (c) => {
        if (!record.opens) throw new Error(`${record.name} has no mode that opens it`);
        c.page.setQuery(query(CONTEXT));
        return mountIn(c, { mode: record.opens.mode });
      };
    }
  }
}

/** The product a `mode` opens (the first record with one), for a start that waits for that product's chunk. */
const MODE_RECORD = PRODUCT_RECORDS.find((record) => record.opens)!;

/**
 * The product whose redirect token signs in at start (the root's Success and Error): the first whose record
 * authenticates with its token and whose fixture can make one the service accepts.
 */
const SIGN_IN = PRODUCT_RECORDS.flatMap((record, i) => {
  const make = COLD_PAGES[i]!.urlToken;
  return record.urlToken?.use === 'authenticate' && make ? [{ record, make }] : [];
})[0];

function signInProduct(): NonNullable<typeof SIGN_IN> {
  if (!SIGN_IN) throw new Error('no product signs in with a redirect token its fixture can make');
  return SIGN_IN;
}

/** A token the service accepts, made by that product's fixture; the clients it used are destroyed. */
async function signInToken(): Promise<string> {
  try {
    return await signInProduct().make(CONTEXT);
  } finally {
    destroyClients();
  }
}

/** The root's journeys against the real service, by state id. */
const ROOT_JOURNEYS: Record<string, Driver> = {
  'root.main': async (c) => mountIn(c),
  // A mode opens its product at start; that product's chunk never arrives, so the root waits, showing Loading.
  'root.opening': async (c) => {
    c.page.holdChunk(MODE_RECORD.name);
    return mountIn(c, { mode: MODE_RECORD.opens!.mode });
  },
  // A real token signs in (the root's Success), or the service refuses one it never issued (the root's Error).
  'root.success': async (c) => {
    const token = await signInToken();
    c.page.setQuery(tokenQuery(signInProduct().record, token));
    return mountIn(c);
  },
  'root.error': async (c) => {
    c.page.setQuery(tokenQuery(signInProduct().record, UNISSUED_TOKEN));
    return mountIn(c);
  },
};

/** Every journey, by state id: the root's, and each product's from its fixture. */
const JOURNEYS: Record<string, Driver> = {
  ...ROOT_JOURNEYS,
  ...Object.fromEntries(
    PRODUCT_RECORDS.flatMap((record, i) =>
      Object.entries(COLD_PAGES[i]!.journeys ?? {}).map(([id, journey]) => [id, play(record, journey)] as const),
    ),
  ),
};

/** A product's state no journey reaches: its machine seeded there (cold-page.page.ts says what stays real). */
const seeded: Driver = async (c) => {
  const { owner, id, path } = c.target;
  const i = PRODUCT_RECORDS.findIndex((r) => r.name === owner);
  if (i < 0) throw new Error(`no journey reaches ${id}, and ${owner} is not a product whose machine can be seeded`);
  const product = COLD_PAGES[i]!.seed ?? {};
  const seed: Seed = { context: { ...product.context?.(CONTEXT), ...product.states?.[id]?.(CONTEXT) } };
  if ('params' in product) seed.params = product.params;
  c.page.seed(PRODUCT_RECORDS[i]!.name, path, seed);
  return mountIn(c, product.config ? { config: product.config } : {});
};

/**
 * What is wrong with the journeys and seeds: one that names no state of its owner's machine (a product's fixture
 * names its own states), and a state neither a journey nor a seed reaches (only a product's machine can be seeded).
 */
function coverageProblems(): string[] {
  const idsOf = (owner: Target['owner']) => TARGETS.filter((target) => target.owner === owner).map((t) => t.id);
  const named = [
    ...Object.keys(ROOT_JOURNEYS).map((id) => ({ owner: 'root' as const, id, where: 'a root journey' })),
    ...PRODUCT_RECORDS.flatMap((record, i) => {
      const fixture = COLD_PAGES[i]!;
      const where = `products/${record.folder}/fixtures.ts`;
      return [...Object.keys(fixture.journeys ?? {}), ...Object.keys(fixture.seed?.states ?? {})].map((id) => ({
        owner: record.name,
        id,
        where,
      }));
    }),
  ];
  const products: readonly string[] = PRODUCT_RECORDS.map((record) => record.name);
  return [
    ...named.filter(({ owner, id }) => !idsOf(owner).includes(id)).map(({ id, where }) => `${where}: no state ${id}`),
    ...TARGETS.filter((target) => !JOURNEYS[target.id] && !products.includes(target.owner)).map(
      (target) => `${target.owner}: nothing reaches ${target.id}`,
    ),
  ];
}

// ---- The cases ----

describe('no catalogue key on screen: every state that names a screen, in every language, on a cold page', function () {
  this.timeout(30_000);
  let open: OpenColdPage | undefined;
  beforeEach(() => resetBrowserState());
  afterEach(() => {
    open?.close();
    open = undefined;
    resetBrowserState();
  });

  it('the machines name screens, the catalogues have keys, journeys and seeds reach every state and no other', () => {
    expect(TARGETS.length).to.be.greaterThan(PRODUCT_RECORDS.length);
    expect(LAZY_KEYS.length).to.be.greaterThan(0);
    expect(coverageProblems()).to.deep.equal([]);
    const screens = TARGETS.map((target) => `${target.owner}:${target.screen}`);
    expect(SUCCESS_SCREENS.filter((screen) => !screens.includes(screen))).to.deep.equal([]);
  });

  it('the check finds raw keys, key-like identifiers and English left on a Spanish page, and lets the rest be', () => {
    const found = (html: string, locale: Locale) => {
      const host = document.createElement('div') as unknown as AuthLoginElement;
      host.attachShadow({ mode: 'open' }).innerHTML = html;
      return problemsOf(host, locale);
    };
    const identifier = (name: string, text: string) => `a key-like identifier "${name}" in "${text}"`;
    expect(found('<h2>success.title</h2>', 'en')).to.include('a catalogue key: "success.title"');
    expect(found('<p>success<b>.title</b></p>', 'en')).to.include('a catalogue key: "success.title"');
    expect(found('<input placeholder="main.emailPlaceholder">', 'en')).to.include(
      'a catalogue key: "main.emailPlaceholder"',
    );
    const sentence = 'Read otpConfirmation.text here';
    expect(found(`<p>${sentence}</p>`, 'en')).to.deep.equal([identifier('otpConfirmation.text', sentence)]);
    expect(found('<button aria-label="newScreen.title"></button>', 'en')).to.deep.equal([
      identifier('newScreen.title', 'newScreen.title'),
    ]);
    expect(found(`<h2>${TEXTS.en.get('success.title')}</h2>`, 'es')).to.deep.equal([
      'English on a page in es: "Success!"',
    ]);
    expect(found('<select><option value="DE">Germany (+49)</option></select>', 'fr')).to.deep.equal([
      'a country not named in fr: "Germany (+49)"',
    ]);
    const fine = `<h2>${SUCCESS_TITLE.es}</h2><p>student@example.com</p><p>www.example.com</p><b>Metamask</b>`;
    expect(found(fine, 'es')).to.deep.equal([]);
  });

  for (const target of TARGETS) {
    for (const locale of SUPPORTED_LOCALES) {
      it(`${target.id} (${target.owner}: ${target.screen}) in ${locale}`, async () => {
        open = await openColdPage();
        const { page } = open;
        expect(page.loadedTexts(LAZY_KEYS, KEYS, SUPPORTED_LOCALES), 'tables loaded before the element').to.deep.equal(
          [],
        );
        const driver = JOURNEYS[target.id] ?? seeded;
        const el = await driver({ page, locale, target });
        // A driver has thrown for an owner that is neither the root nor a product (a Main machine's screen).
        const owner = target.owner as ScreenOwner;
        await until(() => page.shows(owner, target.path, target.screen), `${target.screen} in ${target.id}`, 15_000);
        // Two frames, and the state is still the one asked for: what is checked is what rests on the screen.
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        expect(page.shows(owner, target.path, target.screen), `still ${target.id}`).to.equal(true);
        expect(shownStrings(el), 'what the screen shows').to.not.deep.equal([]);
        expect(problemsOf(el, locale)).to.deep.equal([]);
        if (SUCCESS_SCREENS.includes(`${target.owner}:${target.screen}`)) {
          expect(rendered(el, '[part~="title"]')?.textContent).to.equal(SUCCESS_TITLE[locale]);
        }
      });
    }
  }
});
