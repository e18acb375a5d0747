// A real PostgreSQL server for tests that need two service instances on one database: TEST_DATABASE_URL when set
// (a fresh database is created on it), otherwise a throwaway cluster from Debian's PostgreSQL binaries in a temp
// folder, run as the `postgres` user when the tests run as root (initdb refuses root).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const PG_BIN_DIRS = ['/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin'];

export interface PostgresServer {
  /** A connection URL to a fresh, empty database. */
  url: string;
  stop(): Promise<void>;
}

export async function startPostgres(): Promise<PostgresServer> {
  const given = process.env['TEST_DATABASE_URL'];
  if (given) return freshDatabaseOn(given);
  const bin = PG_BIN_DIRS.find((dir) => fs.existsSync(path.join(dir, 'initdb')));
  if (!bin) {
    throw new Error('No PostgreSQL server for this test: set TEST_DATABASE_URL or install Debian\'s postgresql package.');
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-login-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) fs.chownSync(dir, uidOf('postgres'), gidOf('postgres'));
  const run = (command: string, args: string[]) =>
    asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(bin, command), args, { stdio: 'pipe' });
  const dataDir = path.join(dir, 'data');
  run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  const port = await freePort();
  run('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  const database = await freshDatabaseOn(`postgres://postgres@127.0.0.1:${port}/postgres`);
  return {
    url: database.url,
    // The whole cluster is thrown away, so there is no database to drop first.
    async stop() {
      run('pg_ctl', ['-D', dataDir, '-m', 'fast', 'stop']);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function freshDatabaseOn(adminUrl: string): Promise<PostgresServer> {
  const name = `auth_login_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async stop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name}`);
      await client.end();
    },
  };
}

function uidOf(user: string): number {
  return Number(spawnSync('id', ['-u', user]).stdout.toString().trim());
}
function gidOf(user: string): number {
  return Number(spawnSync('id', ['-g', user]).stdout.toString().trim());
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
