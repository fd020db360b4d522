import { Card, Collapse, Descriptions, Grid, List, Table, type TableColumnType, type TableProps } from "antd";
import type { Key, ReactNode } from "react";
import { CARD_LIST_ITEM } from "./cardListItem";

type Row = object;

function cellOf<T extends Row>(column: TableColumnType<T>, row: T, index: number): ReactNode {
  const path = column.dataIndex === undefined ? [] : Array.isArray(column.dataIndex) ? column.dataIndex : [column.dataIndex];
  const value = path.reduce<unknown>((at, key) => (at !== null && typeof at === "object" ? (at as Record<string, unknown>)[String(key)] : undefined), row);
  if (column.render) return column.render(value, row, index) as ReactNode;
  return value === undefined || value === null ? "" : String(value);
}

function titleOf<T extends Row>(column: TableColumnType<T>): ReactNode {
  return typeof column.title === "function" ? column.title({}) : column.title;
}

function keyOf<T extends Row>(rowKey: TableProps<T>["rowKey"], row: T, index: number): Key {
  if (typeof rowKey === "function") return rowKey(row, index);
  if (typeof rowKey === "string") return String((row as Record<string, unknown>)[rowKey]);
  return index;
}

/**
 * A table on a wide screen; below 576 px (a phone held upright) the same columns as a card per row,
 * each value under its column's title, so every price and action is on the screen without
 * scrolling sideways. A column without a title (the row's actions) closes its card; the first
 * column is the card's title. Paging is the table's (a server-paged list stays server-paged). A
 * row's expanded part is a section of its card, opened under expandLabel.
 */
export function ResponsiveTable<T extends Row>({ expandLabel, ...table }: TableProps<T> & { expandLabel?: string }) {
  const phone = Grid.useBreakpoint().sm === false;
  if (!phone) return <Table<T> {...table} />;
  const columns = (table.columns ?? []).filter((column): column is TableColumnType<T> => !("children" in column) && column.hidden !== true);
  const [heading, ...rest] = columns;
  const titled = rest.filter((column) => titleOf(column) !== undefined && titleOf(column) !== null);
  const actions = rest.filter((column) => titleOf(column) === undefined || titleOf(column) === null);
  const pagination = table.pagination;
  return (
    <List<T>
      data-testid={table["data-testid" as keyof typeof table] as string | undefined}
      loading={table.loading}
      dataSource={[...(table.dataSource ?? [])]}
      locale={table.locale?.emptyText === undefined ? undefined : { emptyText: table.locale.emptyText as ReactNode }}
      rowKey={(row) => keyOf(table.rowKey, row, (table.dataSource ?? []).indexOf(row))}
      pagination={
        pagination === false || pagination === undefined
          ? false
          : {
              current: pagination.current,
              pageSize: pagination.pageSize,
              total: pagination.total,
              showTotal: pagination.showTotal,
              size: "small",
              align: "center",
              onChange: (page, pageSize) => {
                pagination.onChange?.(page, pageSize);
                table.onChange?.({ ...pagination, current: page, pageSize }, {}, [], { action: "paginate", currentDataSource: [...(table.dataSource ?? [])] });
              },
            }
      }
      renderItem={(row, index) => {
        const onRow = table.onRow?.(row, index);
        return (
          <List.Item style={CARD_LIST_ITEM}>
            <Card
              size="small"
              style={{ width: "100%", marginBottom: 8, ...(onRow?.onClick ? { cursor: "pointer" } : {}) }}
              title={heading ? <div style={{ whiteSpace: "normal" }}>{cellOf(heading, row, index)}</div> : undefined}
              onClick={onRow?.onClick}
              data-testid={((onRow ?? {}) as Record<string, unknown>)["data-testid"] as string | undefined}
            >
              <Descriptions
                size="small"
                column={1}
                items={titled.map((column, position) => ({ key: String(column.key ?? position), label: titleOf(column), children: cellOf(column, row, index) }))}
              />
              {table.expandable?.expandedRowRender && (
                <Collapse
                  size="small"
                  ghost
                  style={{ marginTop: 8 }}
                  items={[{ key: "expanded", label: expandLabel, children: table.expandable.expandedRowRender(row, index, 0, true) }]}
                />
              )}
              {actions.map((column, position) => (
                <div key={String(column.key ?? position)} style={{ marginTop: 8, textAlign: "end" }}>{cellOf(column, row, index)}</div>
              ))}
            </Card>
          </List.Item>
        );
      }}
    />
  );
}
