// The floor for sessions/authenticate: the least a server can do for the same answer, on the same PostgreSQL. A bare
// node:http handler reads the Basic credentials, hashes the session token (SHA-256, as the service stores it), runs
// one statement that finds the live session by its token hash and touches it (`update … returning`, on the unique
// index of token_hash) joined with the user and its methods, which the answer carries, signs one ES256 JWT with
// node:crypto and writes the same JSON as the service (the user through the service's own wire mapping). No
// framework, no middleware, no body validation, no security headers, no request id beyond the one in the body.
// The bench runs it in its own process (bundled like the service) and divides the service's throughput by its own.
import { createHash, generateKeyPairSync, randomUUID, sign, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { DEFAULT_PROJECT_ID, DEFAULT_PUBLIC_TOKEN } from '../../src/server/constants/project.ts';
import {
  JWT_ISSUER_PREFIX,
  SESSION_JWT_CLAIM,
  SESSION_JWT_LIFETIME_SECONDS,
} from '../../src/server/constants/sessions.ts';
import { FULL_USER_COLUMNS, toWireUser } from '../../src/server/store/full-user.ts';
import { answerBench } from './child.mjs';

const STATEMENT = {
  name: 'floor_authenticate',
  text: `with s as (
      update sessions set last_accessed_at = $2::timestamptz
       where token_hash = $1 and revoked_at is null and expires_at > $2::timestamptz
       returning id, user_id, started_at, last_accessed_at, expires_at, factors, ip_address, user_agent)
    select row_to_json(s) as session, ${FULL_USER_COLUMNS} from s join users u on u.id = s.user_id`,
};
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const kid = `jwk-test-${randomUUID()}`;
const publicToken = Buffer.from(DEFAULT_PUBLIC_TOKEN);
const iso = (value) => new Date(value).toISOString();
const base64urlJson = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');

function jwt(claims) {
  const input = `${base64urlJson({ alg: 'ES256', typ: 'JWT', kid })}.${base64urlJson(claims)}`;
  const signature = sign('sha256', Buffer.from(input), { key: privateKey, dsaEncoding: 'ieee-p1363' });
  return `${input}.${signature.toString('base64url')}`;
}

function reply(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

async function authenticate(req, res) {
  const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  const [token = '', secret = ''] = Buffer.from(basic ?? '', 'base64')
    .toString('utf8')
    .split(':');
  const given = Buffer.from(token);
  if (given.length !== publicToken.length || !timingSafeEqual(given, publicToken) || !secret)
    return reply(res, 401, { status_code: 401, error_type: 'unauthorized_credentials' });
  const now = Date.now();
  const tokenHash = createHash('sha256').update(secret, 'utf8').digest('hex');
  const { rows } = await pool.query({ ...STATEMENT, values: [tokenHash, iso(now)] });
  const row = rows[0];
  if (!row) return reply(res, 404, { status_code: 404, error_type: 'session_not_found' });
  const { session: s, ...userRow } = row;
  const user = toWireUser(userRow);
  const session = {
    session_id: s.id,
    user_id: s.user_id,
    started_at: iso(s.started_at),
    last_accessed_at: iso(s.last_accessed_at),
    expires_at: iso(s.expires_at),
    attributes: { ip_address: s.ip_address, user_agent: s.user_agent },
    authentication_factors: s.factors,
    custom_claims: null,
    roles: user.roles,
  };
  const iat = Math.floor(now / 1000);
  const claims = {
    sub: user.user_id,
    iss: `${JWT_ISSUER_PREFIX}${DEFAULT_PROJECT_ID}`,
    aud: DEFAULT_PROJECT_ID,
    iat,
    nbf: iat,
    exp: Math.min(iat + SESSION_JWT_LIFETIME_SECONDS, Math.floor(Date.parse(session.expires_at) / 1000)),
    [SESSION_JWT_CLAIM]: {
      id: s.id,
      started_at: session.started_at,
      last_accessed_at: session.last_accessed_at,
      expires_at: session.expires_at,
      attributes: session.attributes,
      authentication_factors: session.authentication_factors,
      roles: user.roles,
    },
  };
  const data = { user_id: user.user_id, user, session, session_token: secret, session_jwt: jwt(claims) };
  reply(res, 200, { data: { ...data, request_id: `request-id-test-${randomUUID()}`, status_code: 200 } });
}

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    if (req.method !== 'POST' || !req.url?.endsWith('/sessions/authenticate')) return reply(res, 404, {});
    // The body is read and parsed as the service does (it may carry session_duration_minutes).
    JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    authenticate(req, res).catch((error) => reply(res, 500, { error: String(error) }));
  });
});
await pool.query('select 1');
server.listen(0, '127.0.0.1', () => answerBench(`http://127.0.0.1:${server.address().port}`));
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
