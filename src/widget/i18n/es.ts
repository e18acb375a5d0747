// Spanish: the tables loaded with this module, before Main renders in Spanish (Main's, the error catalogue's and the
// Success and Error screens'), and the index that fetches each product's Spanish table (its record's
// `translations.es`) with the product's chunk (tables.ts).
import { localeIndex } from './locale-index.ts';
import './main.es.ts';
import './errors.es.ts';
import './outcome.es.ts';

export const index = localeIndex('es');
