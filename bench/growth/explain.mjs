// EXPLAIN of every statement a route ran (service.mjs captures them with their parameters), on the large database:
// the plan PostgreSQL chooses for those values. A Seq Scan on a table of BIG_TABLE_ROWS rows or more is a statement
// whose cost grows with the user base; the bench lists them and fails.
import pg from 'pg';

/**
 * Tables below this many rows (PostgreSQL's estimate) may be scanned: a scan of a small table is cheaper than an
 * index.
 */
const BIG_TABLE_ROWS = 10_000;
/** Statements that plan nothing. */
const NOT_PLANNED = /^\s*(begin|commit|rollback|select 1)\s*$/i;

/**
 * Prints each scenario's distinct statements with their plans; returns the Seq Scans on big tables found
 * (`scenario: table`), empty when every hot statement uses an index.
 */
export async function explainStatements(url, byScenario) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`select relname from pg_class where relkind = 'r' and reltuples >= $1`, [
      BIG_TABLE_ROWS,
    ]);
    const big = new Set(rows.map((row) => row.relname));
    const scans = [];
    for (const [scenario, statements] of Object.entries(byScenario)) {
      const seen = new Set();
      console.log(`\n${scenario}: ${statements.length} statements`);
      for (const { text, values } of statements) {
        if (NOT_PLANNED.test(text) || seen.has(text)) continue;
        seen.add(text);
        const plan = (await client.query({ text: `explain ${text}`, values })).rows.map((row) => row['QUERY PLAN']);
        console.log(`  ${text.replace(/\s+/g, ' ').slice(0, 160)}`);
        for (const line of plan) console.log(`      ${line}`);
        for (const line of plan) {
          const table = /Seq Scan on (\w+)/.exec(line)?.[1];
          if (table && big.has(table)) scans.push(`${scenario}: ${table}`);
        }
      }
    }
    return scans;
  } finally {
    await client.end();
  }
}
