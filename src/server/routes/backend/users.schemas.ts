// The backend API's user calls, checked at the edge: the ids in the path, the update's fields and the search query.
import * as v from 'valibot';
import {
  USER_SEARCH_FLAG_FILTERS,
  USER_SEARCH_LIST_FILTERS,
  USER_SEARCH_TEXT_FILTERS,
  USER_SEARCH_TIME_FILTERS,
  USER_STATUSES,
  type UserSearchFilter,
} from '../../../api/backend.ts';
import {
  USER_SEARCH_MAX_FILTER_VALUES,
  USER_SEARCH_MAX_LIMIT,
  USER_SEARCH_MAX_OPERANDS,
} from '../../constants/backend-api.ts';
import { validated } from '../../http/edge.ts';
import { Errors } from '../../http/errors.ts';
import {
  body,
  optionalNumber,
  optionalObject,
  optionalString,
  optionalValue,
  refine,
  requiredString,
  requiredValue,
} from '../../http/fields.ts';
import { isJsonObject } from '../../http/validate.ts';
import { storableMetadata, userNameBody } from '../accounts.schemas.ts';

/** `/v1/users/{user_id}` */
export const userIdParam = body({ user_id: requiredString() });
/** `/v1/users/<kind>/{id}` */
export const factorIdParam = body({ id: requiredString() });

/** PUT /v1/users/{user_id}: name parts and both metadata objects, each replacing the stored one when given. */
export const backendUserUpdateBody = v.pipe(
  body({ name: optionalObject(), trusted_metadata: optionalObject(), untrusted_metadata: optionalObject() }),
  refine(({ name, trusted_metadata, untrusted_metadata }) => ({
    name: name && validated(userNameBody, name),
    trusted_metadata: trusted_metadata && storableMetadata(trusted_metadata, 'trusted_metadata'),
    untrusted_metadata: untrusted_metadata && storableMetadata(untrusted_metadata),
  })),
);

const operandBody = body({ filter_name: requiredString(), filter_value: requiredValue() });
const queryBody = body({ operator: requiredString(), operands: requiredValue() });
const FILTER_NAMES = [
  ...USER_SEARCH_LIST_FILTERS,
  ...USER_SEARCH_TEXT_FILTERS,
  ...USER_SEARCH_FLAG_FILTERS,
  ...USER_SEARCH_TIME_FILTERS,
  'status',
] as const;

function among<T extends string>(names: readonly T[], name: string): name is T {
  return (names as readonly string[]).includes(name);
}

/** One operand, its value checked for the kind its filter takes. */
function searchOperand(value: unknown): UserSearchFilter {
  if (!isJsonObject(value)) throw Errors.invalidRequest('fieldNotObject', { field: 'operands' });
  const { filter_name: name, filter_value: filterValue } = validated(operandBody, value);
  if (among(USER_SEARCH_LIST_FILTERS, name)) {
    const valid =
      Array.isArray(filterValue) &&
      filterValue.length <= USER_SEARCH_MAX_FILTER_VALUES &&
      filterValue.every((item) => typeof item === 'string' && !item.includes('\u0000'));
    if (!valid) throw Errors.invalidRequest('fieldNotStringArray', { field: 'filter_value' });
    return { filter_name: name, filter_value: filterValue as string[] };
  }
  if (among(USER_SEARCH_FLAG_FILTERS, name)) {
    if (typeof filterValue !== 'boolean') throw Errors.invalidRequest('fieldNotBoolean', { field: 'filter_value' });
    return { filter_name: name, filter_value: filterValue };
  }
  if (typeof filterValue !== 'string') throw Errors.invalidRequest('fieldNotString', { field: 'filter_value' });
  if (filterValue.includes('\u0000')) throw Errors.invalidRequest('fieldHasNul', { field: 'filter_value' });
  if (among(USER_SEARCH_TEXT_FILTERS, name)) return { filter_name: name, filter_value: filterValue };
  if (among(USER_SEARCH_TIME_FILTERS, name)) {
    if (Number.isNaN(Date.parse(filterValue)) || !/^\d{4}-\d{2}-\d{2}T/.test(filterValue)) {
      throw Errors.invalidRequest('fieldNotDateTime', { field: 'filter_value' });
    }
    return { filter_name: name, filter_value: filterValue };
  }
  if (name === 'status' && (USER_STATUSES as readonly string[]).includes(filterValue)) {
    return { filter_name: name, filter_value: filterValue as (typeof USER_STATUSES)[number] };
  }
  if (name === 'status') {
    throw Errors.invalidRequest('fieldNotOneOf', { field: 'filter_value', values: USER_STATUSES.join(', ') });
  }
  throw Errors.invalidRequest('fieldNotOneOf', { field: 'filter_name', values: FILTER_NAMES.join(', ') });
}

/** The search query: AND or OR over at most USER_SEARCH_MAX_OPERANDS operands. */
function searchQuery(value: unknown) {
  if (value === undefined) return null;
  if (!isJsonObject(value)) throw Errors.invalidRequest('fieldNotObject', { field: 'query' });
  const { operator, operands } = validated(queryBody, value);
  if (operator !== 'AND' && operator !== 'OR') {
    throw Errors.invalidRequest('fieldNotOneOf', { field: 'operator', values: 'AND, OR' });
  }
  if (!Array.isArray(operands) || operands.length > USER_SEARCH_MAX_OPERANDS) {
    throw Errors.invalidRequest('fieldNotObjectArray', { field: 'operands', max: USER_SEARCH_MAX_OPERANDS });
  }
  return { operator, operands: operands.map(searchOperand) } as const;
}

/** A page of 1 to USER_SEARCH_MAX_LIMIT users; absent: the service's default. */
function searchLimit(limit: number | undefined): number | undefined {
  if (limit === undefined || (Number.isInteger(limit) && limit >= 1 && limit <= USER_SEARCH_MAX_LIMIT)) return limit;
  throw Errors.invalidRequest('wholeNumberOutOfRange', { field: 'limit', min: 1, max: USER_SEARCH_MAX_LIMIT });
}

/** POST /v1/users/search */
export const userSearchBody = v.pipe(
  body({
    limit: v.pipe(optionalNumber(), refine(searchLimit)),
    cursor: optionalString(),
    query: optionalValue(),
  }),
  refine(({ limit, cursor, query }) => ({ limit, cursor: cursor ?? null, query: searchQuery(query) })),
);
