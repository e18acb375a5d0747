// React's renderer of views (node.ts): each view becomes the element React would have been written with, through
// Emotion's `jsx` so a style becomes the `css` prop (the same class the painter gives it). A slot takes React nodes.
import { jsx, jsxs } from '@emotion/react/jsx-runtime';
import { Fragment, type ReactNode } from 'react';
import type { SerializedStyles } from '../ui/css.ts';
import { isViewNode, type ViewChild, type ViewEventName, type ViewSlot, type ViewStyle } from './node.ts';
import { LATER_STYLES, SHARED_STYLES } from './styles.ts';

/** Products' block styles by name (`<folder>.<export>`), given by each product's chunk before its block renders. */
const productStyles = new Map<string, SerializedStyles>();

/** Gives React's renderer the styles of products/<folder>/block.styles.ts, by the names block views use. */
export function registerViewStyles(folder: string, styles: Readonly<Record<string, SerializedStyles>>): void {
  for (const [name, style] of Object.entries(styles)) productStyles.set(`${folder}.${name}`, style);
}

const sharedStyles: Readonly<Record<string, unknown>> = { ...SHARED_STYLES, ...LATER_STYLES };

function stylesOf(style: ViewStyle) {
  return sharedStyles[style] ?? productStyles.get(style);
}

/** HTML and SVG attribute names whose React prop is spelt otherwise. */
const PROP_NAMES: Readonly<Record<string, string>> = {
  for: 'htmlFor',
  tabindex: 'tabIndex',
  readonly: 'readOnly',
  novalidate: 'noValidate',
  autocomplete: 'autoComplete',
  inputmode: 'inputMode',
  'stroke-width': 'strokeWidth',
  'stroke-opacity': 'strokeOpacity',
  'stroke-linecap': 'strokeLinecap',
  'stroke-linejoin': 'strokeLinejoin',
};

/** React's handler props; its onChange is the DOM's input event on a field, and change on a select. */
const HANDLER_PROPS: Readonly<Record<ViewEventName, string>> = {
  click: 'onClick',
  submit: 'onSubmit',
  input: 'onChange',
  change: 'onChange',
  keydown: 'onKeyDown',
};

/** Renders `child` as React nodes. */
export function toReact(child: ViewChild): ReactNode {
  if (child === null || child === undefined || child === false || typeof child === 'string') return child;
  if (Array.isArray(child)) return toReactFragment(child);
  if (!isViewNode(child)) return (child as ViewSlot).slot as ReactNode;
  const props: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(child.attributes)) {
    if (value === null || value === undefined || value === false) continue;
    props[PROP_NAMES[name] ?? name] = value;
  }
  if (child.style) props.css = stylesOf(child.style);
  for (const [name, handler] of Object.entries(child.on ?? {})) props[HANDLER_PROPS[name as ViewEventName]] = handler;
  if (child.ref) props.ref = child.ref;
  // The children are the view's own list, in a fixed order: static children to React (jsxs), as JSX would pass them.
  const children = child.children.map(toReact);
  if (children.length === 1) props.children = children[0];
  else if (children.length > 1) props.children = children;
  // Views name intrinsic elements only (a slot holds components).
  return (children.length > 1 ? jsxs : jsx)(child.tag as 'div', props, child.key);
}

/** Renders a list of views as one fragment (a screen's children, in their fixed order). */
export function toReactFragment(children: readonly ViewChild[]): ReactNode {
  return jsxs(Fragment, { children: children.map(toReact) });
}
