// A view is a piece of the widget's markup as plain data: tags, attributes, a style, event handlers and children.
// Main's first screen is written once, as views (Header, TextInput, Button, Tabs, PhoneInput, Divider, Watermark, the
// products' blocks, Main's arrangement), and rendered two ways from that one description: by the entry file's small
// DOM painter (paint.ts) before React has loaded, and by React (react.ts) ever after. Two renderers kept by hand
// drifted; one description cannot. Views are pure: no hooks, no state, no document. What needs React (ids from
// useId, focus effects, the live region) stays in the React component around its view. See docs/decisions.md,
// "One source for the first paint".
import type { SharedStyle } from './styles.ts';

/** The handlers a view can declare: both renderers' events have these members. */
export interface ViewEvent {
  readonly currentTarget: EventTarget;
  readonly key?: string;
  preventDefault(): void;
}
export type ViewHandler = (event: ViewEvent) => void;
export type ViewEventName = 'click' | 'submit' | 'input' | 'change' | 'keydown';

/**
 * An attribute by its HTML (or SVG) name; true is present and empty, false, null and undefined absent; `style` an
 * object of properties, as React takes it. React's
 * components may pass their own props through (autoFocus, a className from the css prop): only React sees those.
 */
export type ViewAttributes = Readonly<Record<string, unknown>>;

/**
 * A style by name, compiled into the entry's stylesheet at build time: a shared one (styles.ts), or a product's block
 * style, `<folder>.<export>` of products/<folder>/block.styles.ts (React's renderer is given those by the product's
 * chunk: react.ts, registerViewStyles). Names, not style objects: the painter then needs no Emotion serializer.
 */
export type ViewStyle = SharedStyle | `${string}.${string}`;

/** What a renderer puts where a view leaves a slot: React nodes for React, DOM nodes for the painter. */
export interface ViewSlot {
  readonly slot: unknown;
}

/** A list stands for its items in place (a block of several nodes). */
export type ViewChild = ViewNode | ViewSlot | string | null | undefined | false | readonly ViewChild[];

export interface ViewNode {
  readonly tag: string;
  readonly attributes: ViewAttributes;
  readonly style?: ViewStyle | undefined;
  readonly on?: Partial<Record<ViewEventName, ViewHandler>> | undefined;
  /** Called with the rendered element (React's callback ref; the painter calls it once, at creation). */
  readonly ref?: ((element: Element | null) => void) | undefined;
  /** React's key among its siblings. */
  readonly key?: string | undefined;
  readonly children: readonly ViewChild[];
}

export interface ViewOptions {
  style?: ViewStyle | undefined;
  on?: ViewNode['on'];
  ref?: ViewNode['ref'];
  key?: string | undefined;
}

/** An element: `h('button', { type: 'submit' }, { style: 'buttonPrimary' }, 'Continue')`. */
export function h(tag: string, attributes: ViewAttributes, options: ViewOptions, ...children: ViewChild[]): ViewNode {
  return { tag, attributes, ...options, children };
}

/** A place for something the renderer brings (a React component, a node painted apart). */
export function slot(content: unknown): ViewSlot {
  return { slot: content };
}

export function isViewNode(child: unknown): child is ViewNode {
  return typeof child === 'object' && child !== null && !Array.isArray(child) && 'tag' in child;
}
