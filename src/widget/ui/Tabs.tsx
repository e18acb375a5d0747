import { useId, type ReactNode } from 'react';
import { slot } from '../view/node.ts';
import { toReact } from '../view/react.ts';
import { tabsView } from './Tabs.view.ts';

export interface TabsProps<T extends string> {
  label: string;
  tabs: { id: T; label: string }[];
  selected: T;
  onSelect: (id: T) => void;
  /** The selected tab's content. */
  children: ReactNode;
}

/** Tabs.view.ts rendered by React, with an id of its own. */
export function Tabs<T extends string>({ children, ...props }: TabsProps<T>) {
  const id = useId();
  return toReact(tabsView({ ...props, id, children: [slot(children)] }));
}
