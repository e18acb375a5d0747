// custom-elements.json is generated from the element's JSDoc (attributes, properties, the shared text of its events,
// shared parts, custom properties) and from each product's folder (its parts, event types and errors:
// scripts/cem-product-docs.mjs), never written by hand. `npm run analyze` regenerates it; test/tooling checks it is
// current.
import { productDocsPlugin } from '../scripts/cem-product-docs.mjs';

export default {
  globs: ['src/widget/element.ts'],
  exclude: ['**/*.test.*'],
  dependencies: false,
  packagejson: false,
  plugins: [await productDocsPlugin()],
};
