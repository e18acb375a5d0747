import type { IncomingMessage } from 'node:http';
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
  const text = await requestText(c);
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

const bodies = new WeakMap<IncomingMessage, Promise<string>>();
const utf8 = new TextDecoder();

/**
 * The body as text (UTF-8, a byte order mark dropped, as `Request.text()` does). A body `limitBody` let through by
 * its declared length is read from the Node request, once per request, unless something else has started reading it.
 */
function requestText(c: Context<AppEnv>): Promise<string> {
  const incoming = c.get('nodeBody');
  if (!incoming) return c.req.text();
  let text = bodies.get(incoming);
  if (!text) {
    if (incoming.readableFlowing !== null || incoming.readableEnded) return c.req.text();
    text = readIncoming(incoming);
    bodies.set(incoming, text);
  }
  return text;
}

function readIncoming(incoming: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    // A client that goes away mid-body: the read fails instead of hanging. Removed at the end, as every request
    // closes: an Error (with its stack) per request was 2 % of sessions/authenticate's CPU.
    // Node reports that as an 'error' ("aborted") and then 'close'; either way it is the client's doing, answered
    // (to nobody) as a 4xx and not logged as the service's failure.
    const closedEarly = () => reject(Errors.requestBodyIncomplete());
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.once('end', () => {
      incoming.off('close', closedEarly);
      resolve(utf8.decode(Buffer.concat(chunks)));
    });
    incoming.once('error', closedEarly);
    incoming.once('close', closedEarly);
  });
}

function isJsonContentType(header: string | undefined): boolean {
  const mediaType = (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return mediaType === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
}
