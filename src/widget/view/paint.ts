// The entry file's renderer of views (node.ts): plain DOM, before React has loaded. Styles get their compiled
// class names (styles.generated.ts). A slot takes DOM nodes.
//
// Rendering again (a tab chosen, Continue held, a block's module arrived) updates the nodes in place, as React does:
// an element of the same tag at the same place keeps its node, so the focus, the caret and a half-typed composition
// stay where they are, and a page holding a node still holds the one shown.
import { SHELL_CLASSES } from '../shell/styles.generated.ts';
import {
  isViewNode,
  type ViewChild,
  type ViewEvent,
  type ViewEventName,
  type ViewNode,
  type ViewStyle,
} from './node.ts';

const SVG = 'http://www.w3.org/2000/svg';

/** Class names of styles compiled apart (later-styles.generated.ts), once a screen painted later has brought them. */
let later: Readonly<Record<string, string | undefined>> = {};

/** Adds the class names of styles compiled apart, for the views that name them. */
export function addClasses(classes: Readonly<Record<string, string>>): void {
  later = { ...later, ...classes };
}

/** The class name Emotion's `css` prop gives `style` (compiled at build time: scripts/shell-styles.ts). */
function classOf(style: ViewStyle): string {
  return (SHELL_CLASSES as Readonly<Record<string, string | undefined>>)[style] ?? later[style] ?? '';
}

/** Each painted element's view, for the next render: its handlers (called through one listener per event) and key. */
const painted = new WeakMap<Element, ViewNode>();

function listener(this: Element, event: Event): void {
  const handler = painted.get(this)?.on?.[event.type as ViewEventName];
  // A DOM event has every member a view's handler reads (its currentTarget is this element).
  handler?.(event as ViewEvent);
}

/** The DOM nodes and views `children` stand for, slots and lists flattened. */
function flatten(children: readonly ViewChild[]): (ViewNode | Node | string)[] {
  return children.flatMap((child): (ViewNode | Node | string)[] => {
    if (child === null || child === undefined || child === false) return [];
    if (typeof child === 'string' || isViewNode(child)) return [child];
    if (Array.isArray(child)) return flatten(child);
    const content = (child as { slot: unknown }).slot;
    if (content === null || content === undefined || content === false) return [];
    return Array.isArray(content) ? (content as Node[]) : [content as Node];
  });
}

/** Sets `view`'s attributes, class, handlers and children on `node` (new, or painted before from a like view). */
function update(node: Element, view: ViewNode, svg: boolean): void {
  let value: string | undefined;
  const names = new Set<string>();
  for (const [name, attribute] of Object.entries(view.attributes)) {
    if (attribute === null || attribute === undefined || attribute === false) continue;
    // A field's value is its state, not its markup (as React sets it): set once its options are there.
    if (name === 'value' && (view.tag === 'input' || view.tag === 'select')) value = String(attribute);
    else if (name === 'style') Object.assign((node as HTMLElement).style, attribute);
    else {
      names.add(name);
      const text = attribute === true ? '' : String(attribute);
      if (node.getAttribute(name) !== text) node.setAttribute(name, text);
    }
  }
  if (view.style) {
    names.add('class');
    node.setAttribute('class', classOf(view.style));
  }
  for (const name of node.getAttributeNames()) if (!names.has(name) && name !== 'style') node.removeAttribute(name);
  // The same listener again is no second listener: each event's handler is the latest view's.
  for (const name of Object.keys(view.on ?? {})) node.addEventListener(name, listener);
  painted.set(node, view);
  render(node, view.children, svg);
  if (value !== undefined && (node as HTMLInputElement).value !== value) (node as HTMLInputElement).value = value;
  view.ref?.(node);
}

/** Renders `children` into `parent`, keeping each node whose view is like the one it was painted from. */
export function render(parent: Node, children: readonly ViewChild[], svg = false): void {
  const items = flatten(children);
  items.forEach((item, index) => {
    const current: ChildNode | null = parent.childNodes[index] ?? null;
    let next: Node;
    if (typeof item === 'string') {
      if (current instanceof Text) {
        if (current.data !== item) current.data = item;
        return;
      }
      next = document.createTextNode(item);
    } else if (isViewNode(item)) {
      const inSvg = svg || item.tag === 'svg';
      const previous = current instanceof Element ? painted.get(current) : undefined;
      if (previous && previous.tag === item.tag && previous.key === item.key) {
        update(current as Element, item, inSvg);
        return;
      }
      next = inSvg ? document.createElementNS(SVG, item.tag) : document.createElement(item.tag);
      update(next as Element, item, inSvg);
    } else {
      if (current === item) return;
      next = item;
    }
    if (current) parent.replaceChild(next, current);
    else parent.appendChild(next);
  });
  while (parent.childNodes.length > items.length) parent.lastChild!.remove();
}

/** Paints `child` into new DOM nodes. */
export function paint(child: ViewChild): Node[] {
  const fragment = document.createDocumentFragment();
  render(fragment, [child]);
  return [...fragment.childNodes];
}
