// custom-elements.json is generated from the element's JSDoc (attributes, properties, events, parts, custom
// properties), never written by hand. `npm run analyze` regenerates it; test/tooling checks it is current.
export default {
  globs: ['src/widget/element.ts'],
  exclude: ['**/*.test.*'],
  dependencies: false,
  packagejson: false,
};
