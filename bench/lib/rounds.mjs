import { fmtMiB, fmtS } from './stats.mjs';

/**
 * Round-robin A,B,C,A,B,C… so that drift over the session (thermal, page cache, a noisy
 * neighbour) hits every client alike instead of whichever ran last. A client with fewer
 * `rounds` (the slow curl+jq loop) drops out after its last one.
 */
export async function interleave(rounds, clients, log) {
  const results = Object.fromEntries(clients.map((c) => [c.name, []]));
  for (let r = 0; r < rounds; r++) {
    for (const c of clients) {
      if (r >= (c.rounds ?? rounds)) continue;
      const res = await c.run(r);
      results[c.name].push(res);
      const rss = Number.isFinite(res.rssKiB) ? `, ${fmtMiB(res.rssKiB)}` : '';
      log(`  ${c.name} #${r + 1}: ${fmtS(res.wallMs)}${rss}`);
    }
  }
  return results;
}
