import type { UserStats } from '../../api/types.ts';
import { countLabel, signedPercent } from '../../format/numbers.ts';

interface StatTilesProps {
  stats: UserStats | null;
  /** The stats call failed: the tiles show a dash instead of figures. */
  failed: boolean;
  /** Bumped on every live click, to replay the Total Clicks highlight. */
  clickPulse: number;
  /** Whose links the tiles count, in words (dashboard-copy.ts). */
  copy: { tilesLabel: string; totalHint: string };
}

/** Total URLs, Total Clicks, This Month (new URLs), Growth vs last month (docs/analytics.md#dashboard-tiles). */
export function StatTiles({ stats, failed, clickPulse, copy }: StatTilesProps) {
  const growth = stats?.monthly_growth ?? 0;
  const trend = growth > 0 ? 'up' : growth < 0 ? 'down' : 'flat';
  return (
    <section className="tiles dash-tiles" aria-label={copy.tilesLabel} aria-busy={!stats && !failed}>
      <Tile label="Total URLs" hint={copy.totalHint} value={stats ? countLabel(stats.total_urls) : null} failed={failed} testId="tile-total-urls" />
      <Tile
        label="Total Clicks"
        hint="Updates live as people click"
        value={stats ? countLabel(stats.total_clicks) : null}
        failed={failed}
        testId="tile-total-clicks"
        pulse={clickPulse}
      />
      <Tile label="This Month" hint="New URLs this month" value={stats ? countLabel(stats.urls_this_month) : null} failed={failed} testId="tile-this-month" />
      <Tile
        label="Growth vs last month"
        hint="Change in new URLs"
        value={stats ? signedPercent(growth) : null}
        failed={failed}
        testId="tile-growth"
        tone={stats ? trend : undefined}
      />
    </section>
  );
}

interface TileProps {
  label: string;
  hint: string;
  value: string | null;
  failed: boolean;
  testId: string;
  pulse?: number;
  tone?: 'up' | 'down' | 'flat' | undefined;
}

function Tile({ label, hint, value, failed, testId, pulse = 0, tone }: TileProps) {
  return (
    <div className="tile dash-tile" data-testid={testId}>
      <p className="tile__label">{label}</p>
      {value !== null ? (
        <p className={`tile__value${tone ? ` dash-tile__value--${tone}` : ''}`}>
          {/* The key replays the highlight when a live click changes the figure. */}
          <span key={pulse} className={pulse ? 'live-bump' : undefined} data-value>
            {value}
          </span>
        </p>
      ) : failed ? (
        <p className="tile__value" aria-label={`${label} not available`}>
          —
        </p>
      ) : (
        <span className="skeleton dash-tile__skeleton" aria-hidden="true" />
      )}
      <p className="tile__hint">{hint}</p>
    </div>
  );
}
