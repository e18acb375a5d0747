// Registration, kept out of element.ts so the manifest analyzer documents the element from its JSDoc (@tag) only.
import { TAG_NAME } from './dom-names.ts';
import { AuthLoginElement } from './element.ts';

/**
 * Defines the element under `tagName` (default `auth-login`); does nothing when that name is already defined.
 * Returns the element's constructor.
 */
export function defineAuthLogin(tagName: string = TAG_NAME): CustomElementConstructor {
  const existing = customElements.get(tagName);
  if (existing) return existing;
  const ctor = tagName === TAG_NAME ? AuthLoginElement : class extends AuthLoginElement {};
  customElements.define(tagName, ctor);
  return ctor;
}
