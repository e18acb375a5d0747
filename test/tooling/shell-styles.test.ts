// The first-paint shell paints with styles compiled at build time (scripts/shell-styles.ts): the committed file must
// be what the script makes from today's style modules, or the shell would paint with stale rules or class names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { type Interpolation, serializeStyles } from '@emotion/serialize';
import {
  GENERATED_PATH,
  generateLaterStyles,
  generateShellStyles,
  LATER_GENERATED_PATH,
  productStyles,
} from '../../scripts/shell-styles.ts';
import { EMOTION_CACHE_KEY } from '../../src/widget/dom-names.ts';
import { LATER_STYLES, SHARED_STYLES } from '../../src/widget/view/styles.ts';
import { LATER_CLASSES, LATER_CSS } from '../../src/widget/shell/later-styles.generated.ts';
import { SHELL_CLASSES, SHELL_CSS, SHELL_CSS_NAMES, SHELL_HOST_CSS } from '../../src/widget/shell/styles.generated.ts';

test(
  'styles.generated.ts is regenerated from the style modules (run `npm run shell-styles` ' + 'after changing one)',
  async () => {
    assert.equal(fs.readFileSync(GENERATED_PATH, 'utf8'), await generateShellStyles());
    assert.equal(fs.readFileSync(LATER_GENERATED_PATH, 'utf8'), await generateLaterStyles());
  },
);

test("each style's class is the one React's css prop gives it, and its rules are in the stylesheet", async () => {
  const sources: Record<string, Interpolation<unknown>> = { ...SHARED_STYLES, ...(await productStyles('block')) };
  assert.ok(
    Object.keys(sources).some((name) => name.includes('.')),
    "a product's block styles are found",
  );
  for (const [name, styles] of Object.entries(sources)) {
    const serialized = serializeStyles([styles]);
    assert.equal(SHELL_CLASSES[name], `${EMOTION_CACHE_KEY}-${serialized.name}`, name);
    assert.ok(SHELL_CSS.includes(`.${EMOTION_CACHE_KEY}-${serialized.name}{`), `${name}'s rules`);
    assert.ok(SHELL_CSS_NAMES.includes(serialized.name), `${name} is marked inserted for React's cache`);
  }
  assert.deepEqual(SHELL_HOST_CSS, [':host{display:block;max-width:100%;', '}:host([hidden]){display:none;}']);
});

test("each style of a screen painted after a call has React's class, its rules in the later sheet", async () => {
  const sources: Record<string, Interpolation<unknown>> = { ...LATER_STYLES, ...(await productStyles('later')) };
  assert.ok(
    Object.keys(sources).some((name) => name.includes('.')),
    "a product's later styles are found",
  );
  for (const [name, styles] of Object.entries(sources)) {
    const serialized = serializeStyles([styles]);
    assert.equal(LATER_CLASSES[name], `${EMOTION_CACHE_KEY}-${serialized.name}`, name);
    assert.ok(LATER_CSS.includes(`.${EMOTION_CACHE_KEY}-${serialized.name}{`), `${name}'s rules`);
  }
});
