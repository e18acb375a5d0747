// Where a request's body becomes typed input: read as a JSON object (http/body.ts), checked against the route's
// valibot schema (routes/*.schemas.ts), and handed on as the schema's output. Services never see the raw JSON.
import type { Context, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../context.ts';
import { readJsonObject } from './body.ts';
import { type ApiError, Errors } from './errors.ts';
import { FIELD_ISSUES, type FieldIssue } from './fields.ts';

// The first bad field is the one answered, as when the services read fields one by one; it also means a check
// (`refine`) runs only after everything before it passed.
const FIRST_ISSUE_ONLY = { abortEarly: true } as const;

/**
 * `schema`'s output for `input`, or the error body for its first issue: 400 `invalid_request` with the issue's
 * message key and the field it concerns (the innermost key of its path, the name the client sent).
 */
export function validated<TSchema extends v.GenericSchema>(schema: TSchema, input: unknown): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input, FIRST_ISSUE_ONLY);
  if (result.success) return result.output;
  throw issueError(result.issues[0]);
}

/** The request's JSON object body, validated. */
export async function validJson<TSchema extends v.GenericSchema>(
  c: Context<AppEnv>,
  schema: TSchema,
): Promise<v.InferOutput<TSchema>> {
  return validated(schema, await readJsonObject(c));
}

/**
 * Route middleware: the body validated against `schema`, for the handler as `c.req.valid('json')`. Instead of a
 * schema, a function of the request that answers one: for a schema that depends on the request (the calling page's
 * origin), and for checks on the request that come before the body's fields (a header, a path parameter). It runs
 * after the body has been read as JSON, so a malformed body is still answered first.
 */
export function jsonBody<TSchema extends v.GenericSchema>(
  schema: TSchema | ((c: Context<AppEnv>) => TSchema),
): MiddlewareHandler<AppEnv, string, { in: { json: v.InferInput<TSchema> }; out: { json: v.InferOutput<TSchema> } }> {
  return async (c, next) => {
    const body = await readJsonObject(c);
    const input: unknown = validated(typeof schema === 'function' ? schema(c) : schema, body);
    c.req.addValidatedData('json', input as object);
    await next();
  };
}

const fieldIssues: ReadonlySet<string> = new Set(FIELD_ISSUES);

function issueError(issue: v.BaseIssue<unknown> | undefined): ApiError {
  const key = issue?.message;
  const field = issue?.path?.at(-1)?.key;
  // Every schema piece in fields.ts sets one of these messages; anything else is a schema written without one.
  if (key === undefined || !fieldIssues.has(key) || field === undefined) {
    throw new Error(`A request schema raised an issue the edge cannot answer: ${key ?? 'none'}`);
  }
  return Errors.invalidRequest(key as FieldIssue, { field: String(field) });
}
