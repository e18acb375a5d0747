// The product folders, read from the source tree: which folder (src/widget/products/<folder>/) holds which product.
// A folder is a product when it has an index.ts; the record that index.ts exports names the product. Built chunks and
// source maps name a product by its folder, the config and the registry by its name: this is the one bridge, so no
// test keeps its own copy of the list. Node only (reads the file system).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Product } from '../../src/widget/config.ts';
import type { ProductRecord } from '../../src/widget/products/types.ts';

export const productsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/widget/products');

const isRecord = (value: unknown): value is ProductRecord =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ProductRecord).name === 'string' &&
  typeof (value as ProductRecord).enabled === 'function' &&
  typeof (value as ProductRecord).load === 'function';

/** Each product folder and the records its index.ts exports (one, for a well-formed folder). */
export async function recordsByFolder(): Promise<Map<string, ProductRecord[]>> {
  const folders = fs
    .readdirSync(productsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(productsDir, entry.name, 'index.ts')))
    .map((entry) => entry.name)
    .sort();
  const found = new Map<string, ProductRecord[]>();
  for (const folder of folders) {
    const module = (await import(pathToFileURL(path.join(productsDir, folder, 'index.ts')).href)) as Record<
      string,
      unknown
    >;
    found.set(folder, Object.values(module).filter(isRecord));
  }
  return found;
}

/** The folder of each product, by the name its record carries. */
export async function productFolders(): Promise<Map<Product, string>> {
  const folders = new Map<Product, string>();
  for (const [folder, records] of await recordsByFolder()) {
    for (const record of records) folders.set(record.name, folder);
  }
  return folders;
}
