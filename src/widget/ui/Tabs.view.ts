// An ARIA tab set (tablist, tab, tabpanel) with automatic activation: arrow keys move to and select the previous or
// next tab (wrapping), Home and End the first and last. Only the selected tab is in the tab order.
import { PARTS } from '../theme/parts.ts';
import { h, type ViewChild, type ViewNode } from '../view/node.ts';

export interface TabsView<T extends string> {
  /** The tab set's id: each tab's is `<id>-<tab>`, the panel's `<id>-panel`. */
  id: string;
  label: string;
  tabs: readonly { id: T; label: string }[];
  selected: T;
  onSelect: (id: T) => void;
  /** The selected tab's content. */
  children: ViewChild[];
}

/** The tab a key moves to from `index` of `count` (wrapping), or undefined for another key. */
function tabForKey(key: string | undefined, index: number, count: number): number | undefined {
  const next = { ArrowRight: index + 1, ArrowLeft: index - 1 + count, Home: 0, End: count - 1 }[key ?? ''];
  return next === undefined ? undefined : next % count;
}

export function tabsView<T extends string>({ id, label, tabs, selected, onSelect, children }: TabsView<T>): ViewNode {
  const keydown = (event: { key?: string; currentTarget: EventTarget; preventDefault(): void }) => {
    const next = tabForKey(
      event.key,
      tabs.findIndex((tab) => tab.id === selected),
      tabs.length,
    );
    if (next === undefined) return;
    event.preventDefault();
    const list = event.currentTarget as Element;
    onSelect(tabs[next]!.id);
    (list.children[next] as HTMLElement | undefined)?.focus();
  };
  return h(
    'div',
    {},
    {},
    h(
      'div',
      { part: PARTS.tabList, role: 'tablist', 'aria-label': label },
      { style: 'tabList', on: { keydown } },
      ...tabs.map((tab) => {
        const active = tab.id === selected;
        return h(
          'button',
          {
            type: 'button',
            role: 'tab',
            id: `${id}-${tab.id}`,
            part: active ? `${PARTS.tab} ${PARTS.tabSelected}` : PARTS.tab,
            'aria-selected': String(active),
            'aria-controls': `${id}-panel`,
            tabindex: active ? 0 : -1,
          },
          { style: 'tab', key: tab.id, on: { click: () => onSelect(tab.id) } },
          tab.label,
        );
      }),
    ),
    h(
      'div',
      { part: PARTS.tabPanel, role: 'tabpanel', id: `${id}-panel`, 'aria-labelledby': `${id}-${selected}` },
      { style: 'tabPanel' },
      ...children,
    ),
  );
}
