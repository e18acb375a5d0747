// custom-elements.json is generated from the element's JSDoc (attributes, properties, events, shared parts, custom
// properties) and from each product's folder (its parts: scripts/cem-product-parts.mjs), never written by hand.
// `npm run analyze` regenerates it; test/tooling checks it is current.
import { productPartsPlugin } from '../scripts/cem-product-parts.mjs';

export default {
  globs: ['src/widget/element.ts'],
  exclude: ['**/*.test.*'],
  dependencies: false,
  packagejson: false,
  plugins: [await productPartsPlugin()],
};
