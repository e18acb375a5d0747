// French: the tables loaded with this module, before Main renders in French (Main's, the error catalogue's and the
// Success and Error screens'), and the index that fetches each product's French table (its record's
// `translations.fr`) with the product's chunk (tables.ts).
import { localeIndex } from './locale-index.ts';
import './main.fr.ts';
import './errors.fr.ts';
import './outcome.fr.ts';

export const index = localeIndex('fr');
