// Opens test/support/second-tab.html in an iframe: a second page of the test origin with its own client.
import { until } from './poll.ts';
import type { SecondTab } from './second-tab.page.ts';

export type { SecondTab };

/** Opens the second page (same origin, separate document and client) and waits until its client is ready. */
export async function openSecondTab(): Promise<{ tab: SecondTab; window: Window; close(): void }> {
  const frame = document.createElement('iframe');
  frame.src = '/test/support/second-tab.html';
  document.body.append(frame);
  const win = () => frame.contentWindow as unknown as { tab?: SecondTab };
  await until(() => Boolean(win()?.tab), 'the second tab to load');
  return {
    tab: win().tab!,
    window: frame.contentWindow!,
    close: () => {
      win().tab!.client.destroy();
      frame.remove();
    },
  };
}
