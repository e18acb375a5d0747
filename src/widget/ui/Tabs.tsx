import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { PARTS } from '../theme/parts.ts';
import { tabList, tabPanel, tabStyle } from './Tabs.styles.ts';

export interface TabsProps<T extends string> {
  label: string;
  tabs: { id: T; label: string }[];
  selected: T;
  onSelect: (id: T) => void;
  /** The selected tab's content. */
  children: ReactNode;
}

/**
 * An ARIA tab set (tablist, tab, tabpanel) with automatic activation: arrow keys move to and select the previous or
 * next tab (wrapping), Home and End the first and last. Only the selected tab is in the tab order.
 */
export function Tabs<T extends string>({ label, tabs, selected, onSelect, children }: TabsProps<T>) {
  const id = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const count = tabs.length;
    const index = tabs.findIndex((t) => t.id === selected);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1 + count, Home: 0, End: count - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onSelect(tabs[next % count]!.id);
    (listRef.current?.children[next % count] as HTMLElement | undefined)?.focus();
  };
  return (
    <div>
      <div part={PARTS.tabList} css={tabList} role="tablist" aria-label={label} ref={listRef} onKeyDown={onKeyDown}>
        {tabs.map((t) => {
          const active = t.id === selected;
          return (
            <button
              key={t.id}
              type="button"
              role="tab"
              id={`${id}-${t.id}`}
              part={active ? `${PARTS.tab} ${PARTS.tabSelected}` : PARTS.tab}
              css={tabStyle}
              aria-selected={active}
              aria-controls={`${id}-panel`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(t.id)}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      <div
        part={PARTS.tabPanel}
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-${selected}`}
        css={tabPanel}
      >
        {children}
      </div>
    </div>
  );
}
