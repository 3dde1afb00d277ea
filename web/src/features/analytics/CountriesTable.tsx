import { chartColour, oneDecimalPercent } from './chart.ts';
import type { TableColumn } from '../../ui/TableHead.tsx';
import { ListTable } from '../../ui/ListTable.tsx';

const COUNTRY_COLUMNS: readonly TableColumn[] = ['Country', { label: 'Clicks', className: 'num' }, { label: 'Percentage', className: 'num' }];

let regionNames: Intl.DisplayNames | null | undefined;

/** A country's English name from its ISO code ("IN" → "India"); the code itself when unknown. */
function countryName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      regionNames = null;
    }
  }
  try {
    return regionNames?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** "Top Countries": Country, Clicks and Percentage (of the clicks in the period, one decimal), a colour dot per row. */
export function CountriesTable({ countries, total }: { countries: { country: string; count: number }[]; total: number }) {
  if (countries.length === 0) {
    return <p className="analytics-empty">No country data yet.</p>;
  }
  return (
    <ListTable className="table countries-table" columns={COUNTRY_COLUMNS}>
      {countries.map((row, index) => {
        const name = countryName(row.country);
        return (
          <tr key={row.country} data-country={row.country}>
            <td>
              <span className="country">
                <span className="country__dot" style={{ background: chartColour(index) }} aria-hidden="true" />
                <span className="country__name">{name}</span>
                {name !== row.country ? <span className="country__code">{row.country}</span> : null}
              </span>
            </td>
            <td className="num">{row.count.toLocaleString('en-US')}</td>
            <td className="num">{oneDecimalPercent(row.count, Math.max(total, row.count))}</td>
          </tr>
        );
      })}
    </ListTable>
  );
}
