// Helpers for the <auth-login> browser tests: mount an element against the in-process service, wait for what it
// renders, and find things inside its shadow root (or light DOM).
import '../../src/widget/index.ts';
import type { AuthLoginConfig, ThemeInput } from '../../src/widget/index.ts';
import type { AuthLoginElement } from '../../src/widget/element.ts';
import { freshRecordedState, type FetchRecorder } from './client.ts';
import { testEnv } from './env.ts';
import { until } from './poll.ts';

export type { AuthLoginElement } from '../../src/widget/element.ts';

const mounted: HTMLElement[] = [];

export interface MountOptions {
  config?: AuthLoginConfig;
  /** Another of the suite's services (test/support/env.ts); the default one otherwise. */
  baseUrl?: string;
  theme?: ThemeInput;
  tagName?: string;
  parent?: HTMLElement;
}

/** An element pointed at the test service, attached to the page; removed by `unmountAll()`. */
export function mount(options: MountOptions = {}): AuthLoginElement {
  const el = document.createElement(options.tagName ?? 'auth-login') as AuthLoginElement;
  el.baseUrl = options.baseUrl ?? testEnv.baseUrl;
  el.publicToken = testEnv.publicToken;
  if (options.config) el.config = options.config;
  if (options.theme) el.theme = options.theme;
  (options.parent ?? document.body).append(el);
  mounted.push(el);
  return el;
}

export function track<T extends HTMLElement>(el: T): T {
  mounted.push(el);
  return el;
}

export function unmountAll(): void {
  for (const el of mounted.splice(0)) {
    el.remove();
    (el as Partial<AuthLoginElement>).client?.destroy();
  }
}

/** Where the element renders its UI: its shadow root, or its light DOM with enableShadowDOM false. */
export function uiRoot(el: HTMLElement): ParentNode {
  return el.shadowRoot!;
}

/**
 * Inside the first-paint shell (src/widget/shell/): what the element shows until React's first screen takes over.
 * The helpers below look only at what React renders, so every suite tests the widget itself; the shell has its own.
 */
const SHELL_NODE = '[data-auth-login-shell]';
const rendered = (node: Element) => !node.closest(SHELL_NODE);

export function $(el: HTMLElement, selector: string): HTMLElement | null {
  return $$(el, selector)[0] ?? null;
}

export function $$(el: HTMLElement, selector: string): HTMLElement[] {
  return [
    ...el.shadowRoot!.querySelectorAll<HTMLElement>(selector),
    ...el.querySelectorAll<HTMLElement>(selector),
  ].filter(rendered);
}

/** The first element matching `selector` whose text is exactly `text` (trimmed). */
export function byText(el: HTMLElement, selector: string, text: string): HTMLElement | undefined {
  return $$(el, selector).find((node) => node.textContent?.trim() === text);
}

/** Waits until an element with exactly this text renders. */
export function findText(el: HTMLElement, selector: string, text: string, timeoutMs?: number): Promise<HTMLElement> {
  return until(() => byText(el, selector, text), `"${text}" in ${selector}`, timeoutMs);
}

/** The screen's title (the `title` part). */
export function title(el: HTMLElement): string | undefined {
  return $(el, '[part~="title"]')?.textContent ?? undefined;
}

/** Types into an input the way React sees it (the native value setter, then an `input` event). */
export function typeInto(input: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Fills Main's email field and presses Continue. */
export async function submitEmail(el: HTMLElement, email: string): Promise<void> {
  const input = await until(() => $(el, 'input[type="email"]') as HTMLInputElement | null, 'the email input');
  typeInto(input, email);
  await until(() => input.value === email, 'the typed email');
  const button = await findText(el, 'button', 'Continue');
  button.click();
}

/** The telemetry events the page sent to the service's POST /events, in order. */
export function sentTelemetry(rec: FetchRecorder): { event_name: string; details: Record<string, unknown> }[] {
  return rec
    .to('/sdk/v1/events')
    .flatMap((r) => JSON.parse(r.body ?? '[]') as { event: { event_name: string; details: Record<string, unknown> } }[])
    .map((item) => item.event);
}

/** The bootstrap document's email domains, as the service sends them. */
export async function serviceEmailDomains(): Promise<string[]> {
  const res = await fetch(`${testEnv.baseUrl}/sdk/v1/projects/bootstrap/${encodeURIComponent(testEnv.publicToken)}`);
  const body = (await res.json()) as { data: { email_domains: string[] } };
  return body.data.email_domains;
}

/**
 * Every widget journey test starts signed out with fetch recorded, and ends with its elements removed and the page
 * address restored. Call once inside a `describe`; `rec` is the current test's recorder.
 */
export function freshWidgetState(): { readonly rec: FetchRecorder } {
  const pageUrl = location.href;
  return freshRecordedState('freshWidgetState', () => {
    unmountAll();
    history.replaceState(null, '', pageUrl);
  });
}
