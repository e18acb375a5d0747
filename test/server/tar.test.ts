// extractTar reads PGlite's dump of an empty cluster straight to disk (src/server/db/tar.ts). Archives are written
// here byte by byte in ustar layout, so the reader is checked against the format, not against itself.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { extractTar } from '../../src/server/db/tar.ts';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-login-tar-'));
after(() => fs.rmSync(work, { recursive: true, force: true }));

function header(name: string, flag: string, size: number, mode = 0o600): Buffer {
  const block = Buffer.alloc(512);
  block.write(name, 0, 'utf8');
  block.write(`${mode.toString(8).padStart(7, '0')}\0`, 100);
  block.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  block.write(flag, 156);
  block.write('ustar\0' + '00', 257);
  return block;
}

function archive(entries: { name: string; flag: string; body?: Buffer }[]): string {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const body = entry.body ?? Buffer.alloc(0);
    parts.push(header(entry.name, entry.flag, body.length), body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  const file = path.join(work, `archive-${parts.length}-${Math.random().toString(36).slice(2)}.tar`);
  fs.writeFileSync(file, Buffer.concat(parts));
  return file;
}

describe('extractTar', () => {
  it('writes directories and files (PGlite names them from a leading /) with their exact bytes and mode', () => {
    const big = Buffer.alloc(1024 * 1024 * 2 + 7, 0xab); // more than one copy chunk, not a multiple of 512
    const file = archive([
      { name: '/global', flag: '5' },
      { name: '/global/pg_control', flag: '0', body: Buffer.from('control bytes') },
      { name: '/pg_wal/000000010000000000000001', flag: '0', body: big },
      { name: '/PG_VERSION', flag: '0', body: Buffer.from('17\n') },
    ]);
    const dest = path.join(work, 'cluster');
    extractTar(file, dest);
    assert.equal(fs.readFileSync(path.join(dest, 'global/pg_control'), 'utf8'), 'control bytes');
    assert.deepEqual(fs.readFileSync(path.join(dest, 'pg_wal/000000010000000000000001')), big);
    assert.equal(fs.readFileSync(path.join(dest, 'PG_VERSION'), 'utf8'), '17\n');
    assert.equal(fs.statSync(path.join(dest, 'PG_VERSION')).mode & 0o777, 0o600);
  });

  it('refuses an entry that would leave the target folder, and entry types a cluster dump never holds', () => {
    assert.throws(
      () => extractTar(archive([{ name: '../escaped', flag: '0', body: Buffer.from('x') }]), path.join(work, 'a')),
      {
        message: 'tar entry outside the target: ../escaped',
      },
    );
    assert.equal(fs.existsSync(path.join(work, 'escaped')), false);
    assert.throws(() => extractTar(archive([{ name: '/link', flag: '2' }]), path.join(work, 'b')), {
      message: "unexpected tar entry type '2' for /link",
    });
  });

  it('says which file is cut short', () => {
    const file = archive([{ name: '/short', flag: '0', body: Buffer.alloc(2048, 1) }]);
    fs.truncateSync(file, 512 + 1000);
    assert.throws(() => extractTar(file, path.join(work, 'c')), { message: `${file}: /short is cut short` });
  });
});
