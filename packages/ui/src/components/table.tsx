import clsx from 'clsx';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { ChevronDownIcon, ChevronUpIcon, SortIcon } from '../icons';

/** A sort direction, spelled as aria-sort spells it. */
export type SortDirection = 'ascending' | 'descending';

/** The column a table is sorted by. */
export interface TableSort {
  key: string;
  direction: SortDirection;
}

/** One column of a {@link Table}. */
export interface TableColumn<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Right-aligns the column with tabular numerals (amounts, quantities, dates). */
  numeric?: boolean;
  /** Shows a sort button in the header (needs the table's onSortChange). */
  sortable?: boolean;
  /** Renders this column's cells as row headers (th scope=row), e.g. the account name. */
  rowHeader?: boolean;
  /** A CSS width for the column ("12rem", "20%"). */
  width?: string;
}

/** Props of {@link Table}. */
export interface TableProps<Row> {
  /** The table's accessible name, shown above it unless hidden. */
  caption: ReactNode;
  hideCaption?: boolean;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  getRowKey: (row: Row, index: number) => string;
  sort?: TableSort;
  /** Called with the next sort when a sortable header is pressed (ascending first, then it flips). */
  onSortChange?: (sort: TableSort) => void;
  /** Shown in a single row when there are no rows (an EmptyState, or a sentence). */
  empty?: ReactNode;
  density?: 'comfortable' | 'compact';
  className?: string;
}

function SortIndicator({ direction }: { direction: SortDirection | undefined }) {
  if (direction === 'ascending') {
    return <ChevronUpIcon size={16} />;
  }
  if (direction === 'descending') {
    return <ChevronDownIcon size={16} />;
  }
  return <SortIcon size={16} className="ts-table__sort-idle" />;
}

/**
 * A semantic table (caption, th scope, aria-sort on the sorted column) in a scrollable, keyboard-reachable
 * region named by the caption. Sorting itself is the caller's: the table reports the requested order.
 */
export function Table<Row>({
  caption,
  hideCaption = false,
  columns,
  rows,
  getRowKey,
  sort,
  onSortChange,
  empty,
  density = 'comfortable',
  className,
}: TableProps<Row>) {
  const captionId = useId();
  return (
    <div
      className={clsx('ts-table-scroll', className)}
      role="region"
      aria-labelledby={captionId}
      // Reachable by keyboard so a table wider than the screen can be scrolled without a mouse.
      tabIndex={0}
    >
      <table className={clsx('ts-table', `ts-table--${density}`)}>
        <caption id={captionId} className={clsx('ts-table__caption', hideCaption && 'ts-visually-hidden')}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <HeaderCell key={column.key} column={column} sort={sort} onSortChange={onSortChange} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && empty ? (
            <tr>
              <td colSpan={columns.length} className="ts-table__empty">
                {empty}
              </td>
            </tr>
          ) : null}
          {rows.map((row, index) => (
            <tr key={getRowKey(row, index)}>
              {columns.map((column) => (
                <BodyCell key={column.key} column={column} row={row} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A column header: a sort button when the column is sortable and the table reports sorting. */
function HeaderCell<Row>({
  column,
  sort,
  onSortChange,
}: {
  column: TableColumn<Row>;
  sort: TableSort | undefined;
  onSortChange: ((sort: TableSort) => void) | undefined;
}) {
  const direction = sort?.key === column.key ? sort.direction : undefined;
  return (
    <th
      scope="col"
      aria-sort={direction}
      style={column.width ? { width: column.width } : undefined}
      className={column.numeric ? 'ts-table__numeric' : undefined}
    >
      {column.sortable === true && onSortChange !== undefined ? (
        <button
          type="button"
          className="ts-table__sort"
          onClick={() =>
            onSortChange({
              key: column.key,
              direction: direction === 'ascending' ? 'descending' : 'ascending',
            })
          }
        >
          {column.header}
          <SortIndicator direction={direction} />
        </button>
      ) : (
        column.header
      )}
    </th>
  );
}

function BodyCell<Row>({ column, row }: { column: TableColumn<Row>; row: Row }) {
  const Cell = column.rowHeader ? 'th' : 'td';
  return (
    <Cell
      scope={column.rowHeader ? 'row' : undefined}
      className={column.numeric ? 'ts-table__numeric' : undefined}
    >
      {column.cell(row)}
    </Cell>
  );
}
