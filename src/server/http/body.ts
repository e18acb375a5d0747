import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { Errors } from './errors.ts';
import { isJsonObject, type JsonObject } from './validate.ts';

/**
 * Reads a JSON request body (the size limit has already been enforced by middleware). A non-empty body must be
 * labelled application/json: besides being the contract, that label forces a CORS preflight, so a plain HTML form
 * on another site cannot post to us. An empty body (the client's `/sessions/revoke`) reads as `emptyValue`.
 */
export async function readJson(c: Context<AppEnv>, emptyValue: unknown): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return emptyValue;
  if (!isJsonContentType(c.req.header('Content-Type'))) throw Errors.unsupportedMediaType();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw Errors.invalidJson();
  }
}

/** A JSON object body; an empty body counts as `{}` so that the field checks name what is missing. */
export async function readJsonObject(c: Context<AppEnv>): Promise<JsonObject> {
  const body = await readJson(c, {});
  if (!isJsonObject(body)) throw Errors.invalidRequest('bodyNotJsonObject');
  return body;
}

function isJsonContentType(header: string | undefined): boolean {
  const mediaType = (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return mediaType === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
}
