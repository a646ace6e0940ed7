/**
 * A cache's lookups: hits and misses, counted as plain numbers (a lookup costs an increment); the metrics read them
 * when scraped (plugins/metrics.ts `cache_lookups_total`).
 */
export class HitCounter {
  hits = 0;
  misses = 0;

  count(hit: boolean) {
    if (hit) this.hits++;
    else this.misses++;
  }
}
