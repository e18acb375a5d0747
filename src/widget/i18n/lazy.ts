// The string tables that load after first paint: the error catalogue, the outcome screens' and each product's
// strings. Each registers itself with the translator's defaults when its module is evaluated, which happens before any
// screen using it renders, so `t(key)` never misses; naming the tables here (types only, no code; the products' through
// the registry, whose records state their strings' type) keeps every key in `MessageKey` and therefore in the `strings`
// property.
import type { ProductStrings } from '../products/registry.ts';
import type { enErrors } from './en-errors.ts';
import type { enOutcome } from './en-outcome.ts';

export type LazyMessages = typeof enErrors & typeof enOutcome & ProductStrings;
