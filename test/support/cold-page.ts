// Opens a cold page (cold-page.page.ts) in a new iframe: a document of the test's origin in which the element's entry
// has just been evaluated for the first time, so every module, string table and registry of the widget in it starts
// anew, whatever the test page or an earlier cold page has loaded. Same origin: the test reads its DOM directly, and
// it shares cookies and localStorage with the test page (a session made there is seen here).
import type { ColdPage } from './cold-page.page.ts';
import { until } from './poll.ts';

export type { ColdPage, ScreenOwner, Seed } from './cold-page.page.ts';

/**
 * The page's script, fetched once: the runner bundles a `.page.ts` anew on every request (a second or so each), so
 * each new document evaluates this text from memory instead. Evaluating it is what makes the document cold; where the
 * text came from does not matter.
 */
let source: Promise<string> | undefined;

function pageSource(): Promise<string> {
  source ??= fetch('/test/support/cold-page.page.ts').then(async (res) => {
    if (!res.ok) throw new Error(`cold page: the script answered ${res.status}`);
    // Without its inline source map (four fifths of the text), which only a debugger would read.
    return (await res.text()).replace(/\n\/\/# sourceMappingURL=data:[^\n]*\s*$/, '\n');
  });
  return source;
}

export interface OpenColdPage {
  page: ColdPage;
  document: Document;
  /** Destroys the clients of its elements and removes the iframe. */
  close(): void;
}

export async function openColdPage(): Promise<OpenColdPage> {
  const text = await pageSource();
  const frame = document.createElement('iframe');
  // Wide and tall enough for any screen, as a page would give it.
  frame.style.cssText = 'width: 480px; height: 900px; border: 0';
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  frame.src = '/test/support/cold-page.html';
  document.body.append(frame);
  await loaded;
  const win = frame.contentWindow as (Window & typeof globalThis & { coldPage?: ColdPage }) | null;
  if (!win) throw new Error('cold page: the iframe has no window');
  // A classic script (the bundle has no imports or exports left), so the engine can reuse its compilation of the
  // same text in the previous cold page; running it is still new in each document.
  const script = win.document.createElement('script');
  script.textContent = text;
  win.document.head.append(script);
  const page = await until(() => win.coldPage, 'the cold page to start', 15_000);
  return {
    page,
    document: win.document,
    close() {
      for (const el of win.document.querySelectorAll('auth-login')) el.client?.destroy();
      frame.remove();
    },
  };
}
