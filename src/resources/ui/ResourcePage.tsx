import { DeleteOutlined, DownOutlined, EditOutlined, EyeOutlined, PlusOutlined, ReloadOutlined, SettingOutlined, UpOutlined } from "@ant-design/icons";
import { List, useSelect, useTable } from "@refinedev/antd";
import { CanAccess, useDataProvider, useGetIdentity, type CrudFilter } from "@refinedev/core";
import { Button, Card, Checkbox, Descriptions, Drawer, Empty, Form, Grid, Input, Popconfirm, Popover, Result, Select, Space, type FormInstance, type SelectProps } from "antd";
import { useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ResponsiveTable } from "../../layout/ResponsiveTable";
import { useSearchParams } from "react-router";
import type { ConsoleIdentity } from "../../providers/authProvider";
import type { ResourceDeclaration, ResourceField } from "../defineResource";
import { readColumnChoice, writeColumnChoice } from "./columnChoice";
import { exportTable, workbookBytes } from "./exportRows";
import { saveDocumentPdf } from "../../lib/pdf/documentPdf";
import type { CodeLabel } from "../../config/referenceLists";
import { fieldChoices, optionLabel } from "./optionLabels";
import { type CellLabels, type MoneyCurrency } from "./fieldValues";
import { FieldValue } from "./FieldValue";
import { useRelationNames } from "./useRelationNames";
import { useRowActions } from "./useRowActions";
import { download, XLSX_TYPE } from "../../lib/download";
import { ResourceFormDrawer } from "./ResourceFormDrawer";
import { ExportButtons, type ExportKind, type ExportProgress } from "../../layout/ExportButtons";
import { ConnectorImport } from "./ConnectorImport";

type Row = Record<string, unknown> & { id: number };

/** What a resource's list offers beside creating a record, to those who may edit it (suppliers: the connector's import). */
const LIST_ACTIONS: Partial<Record<string, (props: { refresh: () => void }) => ReactNode>> = {
  suppliers: ({ refresh }) => <ConnectorImport onImported={refresh} />,
};

const EXPORT_PAGE_SIZE = 200;

const endAligned = () => ({ style: { textAlign: "end" as const, whiteSpace: "nowrap" as const } });

/** The filters always shown; the rest wait behind "More filters" (declaration order says which are used most). */
const SHOWN_FILTERS = 3;

type FilterControlProps = { field: ResourceField; id?: string; value?: unknown; onChange?: (value: unknown) => void };

/**
 * The picker of a field that points at records of another resource (an organisation, a brand):
 * their names, searched on the server as the user types, the chosen one named even when it
 * came from a shared address.
 */
function RelationFilter({ field, relation, value, ...control }: FilterControlProps & { relation: { resource: string; labelField: string } }) {
  const chosen = isBlank(value) ? undefined : String(value);
  const { selectProps } = useSelect<Row>({
    resource: relation.resource,
    optionLabel: (item) => String(item[relation.labelField] ?? item.id),
    optionValue: (item) => String(item.id),
    ...(chosen ? { defaultValue: chosen } : {}),
    onSearch: (text) => [{ field: relation.labelField, operator: "contains", value: text }],
    pagination: { mode: "server", pageSize: 20 },
  });
  return (
    <Select<string>
      // Refine types its options' values loosely; they are the ids as text here (optionValue).
      {...(selectProps as SelectProps<string>)}
      {...(control as object)}
      value={chosen}
      allowClear
      style={{ width: "100%", minWidth: 200 }}
      popupMatchSelectWidth={false}
      data-testid={`filter-${field.name}`}
    />
  );
}

/** The picker of a field whose values come from a fixed list, a reference list, another resource or nowhere (free text). */
function FilterControl({ field, ...control }: FilterControlProps) {
  const { t, i18n } = useTranslation();
  if (field.options?.kind === "resource") return <RelationFilter field={field} relation={field.options} {...control} />;
  // Filters travel as text in the address: every value as a string.
  const options =
    field.type === "boolean"
      ? [{ value: "true", label: t("admin.yes") }, { value: "false", label: t("admin.no") }]
      : fieldChoices(field, t, i18n.language)?.map((choice) => ({ ...choice, value: String(choice.value) }));
  // The form item's id, value and change handler go on to the control itself.
  if (!options) return <Input allowClear style={{ width: "100%", minWidth: 160 }} {...(control as object)} />;
  return <Select allowClear showSearch optionFilterProp="label" style={{ width: "100%", minWidth: 180 }} popupMatchSelectWidth={false} options={options} {...(control as object)} />;
}

/** Filter controls for the fields the declaration marks filterable. */
function FilterBar({ resource, form, applied, stacked, onApply }: { resource: ResourceDeclaration; form: FormInstance<Record<string, unknown>>; applied: CrudFilter[]; stacked: boolean; onApply: (filters: CrudFilter[]) => void }) {
  const { t } = useTranslation();
  const fields = resource.fields.filter((field) => field.filter);
  const hidden = fields.slice(SHOWN_FILTERS);
  // The filters of the address (a shared link, a reload) fill the bar as they were chosen.
  const [initialValues] = useState(() =>
    Object.fromEntries(applied.flatMap((filter) => ("field" in filter && !isBlank(filter.value) ? [[filter.field, String(filter.value)]] : []))),
  );
  // A filter in use stays in sight, even one of the "more".
  const [more, setMore] = useState(() => hidden.some((field) => !isBlank(initialValues[field.name])));
  const apply = (values: Record<string, unknown>) =>
    onApply(
      fields.map((field): CrudFilter => ({
        field: field.name,
        operator: field.type === "text" ? "contains" : "eq",
        value: isBlank(values[field.name]) ? undefined : String(values[field.name]),
      })),
    );
  if (fields.length === 0) return null;
  return (
    <Form form={form} initialValues={initialValues} layout={stacked ? "vertical" : "inline"} onFinish={apply} style={{ marginBottom: 16, rowGap: 8 }} data-testid="resource-filters">
      {fields.map((field, index) => (
        <Form.Item key={field.name} name={field.name} label={t(field.labelKey)} hidden={index >= SHOWN_FILTERS && !more}>
          <FilterControl field={field} />
        </Form.Item>
      ))}
      <Space wrap>
        <Button htmlType="submit" type="primary" data-testid="resource-filter-apply">{t("buttons.filter")}</Button>
        <Button onClick={() => { emptyFilters(form); apply({}); }}>{t("buttons.clear")}</Button>
        {hidden.length > 0 && (
          <Button type="link" aria-expanded={more} icon={more ? <UpOutlined /> : <DownOutlined />} onClick={() => setMore(!more)} data-testid="resource-more-filters">
            {more ? t("admin.fewerFilters") : t("admin.moreFilters", { count: hidden.length })}
          </Button>
        )}
      </Space>
    </Form>
  );
}

/** Every filter emptied (resetting would bring back those the page was opened with). */
const emptyFilters = (form: FormInstance<Record<string, unknown>>) => form.setFieldsValue(Object.fromEntries(Object.keys(form.getFieldsValue()).map((name) => [name, undefined])));

const isBlank = (value: unknown) => value === undefined || value === null || value === "";

/** What a record is called in the title of its view: its first text column (name, username, code). */
function recordName(resource: ResourceDeclaration, record: Row): string {
  const field = resource.fields.find((candidate) => candidate.type === "text" && candidate.listColumn && !candidate.virtual);
  const value = field ? record[field.name] : undefined;
  return typeof value === "string" && value !== "" ? value : `#${record.id}`;
}

/**
 * The generic screen of a declared resource: server-side paged, sorted and filtered list, column
 * chooser, Excel and PDF export of the filtered rows, create / edit in a drawer and a read-only
 * view, the open drawer kept in the URL.
 */
export function ResourcePage({ resource }: { resource: ResourceDeclaration }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  // On a phone: filters one above the other, row actions as icons that scroll with the row.
  const compact = Grid.useBreakpoint().md === false;
  const { data: identity } = useGetIdentity<ConsoleIdentity>();
  const currency: MoneyCurrency = useMemo(
    () => ({ code: identity?.organisation.currency.code ?? "KWD", decimals: identity?.organisation.currency.decimal ?? 3 }),
    [identity],
  );
  const [columns, setColumns] = useState(() => readColumnChoice(resource));
  const { tableProps, tableQuery, filters, sorters, setFilters } = useTable<Row>({ resource: resource.name, syncWithLocation: true, pagination: { pageSize: 20 } });
  const relationName = useRelationNames(resource.fields, tableProps.dataSource);
  const labels: CellLabels = { yes: t("admin.yes"), no: t("admin.no"), locale: i18n.language, option: (item: CodeLabel<string | number>) => optionLabel(item, t), relationName };
  const [filterForm] = Form.useForm<Record<string, unknown>>();
  const filtered = filters.some((filter) => "field" in filter && filter.value !== undefined && filter.value !== "");
  const clearFilters = () => {
    emptyFilters(filterForm);
    setFilters([], "replace");
  };
  const getDataProvider = useDataProvider();
  const rowActions = useRowActions(resource.name);

  const drawer = params.get("drawer");
  const openId = params.get("id") ?? undefined;
  const openDrawer = (kind: "create" | "edit" | "show", id?: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set("drawer", kind);
      if (id === undefined) next.delete("id");
      else next.set("id", String(id));
      return next;
    });
  const closeDrawer = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete("drawer");
      next.delete("id");
      return next;
    });

  const chooseColumns = (chosen: string[]) => {
    setColumns(chosen);
    writeColumnChoice(resource, chosen);
  };

  const exportRows = async (kind: ExportKind, progress: ExportProgress) => {
    const provider = getDataProvider();
    const records: Row[] = [];
    for (let page = 1; ; page += 1) {
      const result = await provider.getList<Row>({ resource: resource.name, pagination: { currentPage: page, pageSize: EXPORT_PAGE_SIZE }, filters, sorters });
      records.push(...result.data);
      progress(records.length, result.total);
      if (records.length >= result.total || result.data.length === 0) break;
    }
    const table = exportTable(resource, columns, records, t, currency, { ...labels, relationName: await exportedRelationNames(records) });
    const title = t(`resources.${resource.name}.title`);
    if (kind === "xlsx") download(await workbookBytes(title, table), `${resource.name}.xlsx`, XLSX_TYPE);
    else await saveDocumentPdf({ title, lines: [], tables: [{ title: "", ...table }] }, `${resource.name}.pdf`, i18n.language, { orientation: "landscape", fontSize: 9 });
    return records.length;
  };

  /** Names of every record the exported rows point at (the page's names cover only the page). */
  const exportedRelationNames = async (records: Row[]) => {
    const provider = getDataProvider();
    const names = new Map<string, Map<number, string>>();
    for (const field of resource.fields) {
      if (field.options?.kind !== "resource" || names.has(field.options.resource)) continue;
      const { resource: related, labelField } = field.options;
      const ids = [...new Set(records.flatMap((record) => [record[field.name]].flat().filter((id): id is number => typeof id === "number")))];
      const found = ids.length === 0 ? [] : (await provider.getMany!<Row>({ resource: related, ids })).data;
      names.set(related, new Map(found.map((record) => [record.id, String(record[labelField] ?? record.id)])));
    }
    return (field: ResourceField, id: number) => (field.options?.kind === "resource" ? names.get(field.options.resource)?.get(id) : undefined);
  };

  const listAction = LIST_ACTIONS[resource.name];
  const visibleFields = resource.fields.filter((field) => columns.includes(field.name));
  const shownRecord = drawer === "show" ? tableProps.dataSource?.find((row) => String(row.id) === openId) : undefined;

  return (
    <List
      title={t(`resources.${resource.name}.title`)}
      breadcrumb={false}
      headerButtons={
        <Space wrap>
          <Popover
            trigger="click"
            content={
              <Checkbox.Group
                data-testid="column-chooser"
                style={{ display: "grid", gap: 4 }}
                value={columns}
                onChange={(chosen) => chooseColumns(chosen as string[])}
                options={resource.fields.map((field) => ({ value: field.name, label: t(field.labelKey) }))}
              />
            }
          >
            <Button icon={<SettingOutlined />} data-testid="column-chooser-button">{t("admin.columns")}</Button>
          </Popover>
          <ExportButtons exportAs={exportRows} />
          {listAction && (
            <CanAccess resource={resource.name} action="edit">
              {listAction({ refresh: () => void tableQuery.refetch() })}
            </CanAccess>
          )}
          <CanAccess resource={resource.name} action="create">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openDrawer("create")} data-testid="resource-create">{t("buttons.create")}</Button>
          </CanAccess>
        </Space>
      }
    >
      <Card>
        <FilterBar resource={resource} form={filterForm} applied={filters} stacked={compact} onApply={(next) => setFilters(next, "replace")} />
        {tableQuery.isError ? (
          <div data-testid="resource-list-failed">
            <Result
              status="error"
              title={t("admin.listFailed")}
              subTitle={tableQuery.error.message}
              extra={<Button icon={<ReloadOutlined />} onClick={() => void tableQuery.refetch()}>{t("admin.retry")}</Button>}
            />
          </div>
        ) : (
          <ResponsiveTable<Row>
            {...tableProps}
            pagination={
              tableProps.pagination && {
                ...tableProps.pagination,
                showSizeChanger: true,
                pageSizeOptions: [10, 20, 50, 100],
                showTotal: (total) => t("admin.total", { count: total }),
              }
            }
            rowKey="id"
            data-testid="resource-table"
            scroll={{ x: true }}
            locale={{
              emptyText: filtered ? (
                <Empty description={t("admin.noMatches")}>
                  <Button onClick={clearFilters}>{t("admin.clearFilters")}</Button>
                </Empty>
              ) : undefined,
            }}
            onRow={(row) => ({ onDoubleClick: () => openDrawer("show", row.id) })}
            columns={[
              ...visibleFields.map((field) => ({
                key: field.name,
                dataIndex: field.name,
                title: t(field.labelKey),
                sorter: field.sortable ? { multiple: 1 } : undefined,
                // Amounts line up at the end of their column, in either direction of reading.
                ...(field.type === "money" ? { onCell: endAligned, onHeaderCell: endAligned } : {}),
                render: (value: unknown) => <FieldValue field={field} value={value} currency={currency} labels={labels} />,
              })),
              {
                key: "actions",
                title: t("table.actions"),
                // On a phone a pinned column would squeeze the others: the actions scroll with the row, as icons.
                fixed: compact ? undefined : ("right" as const),
                render: (_: unknown, row: Row) => (
                  <Space size={compact ? 4 : 8}>
                    <Button size="small" icon={compact ? <EyeOutlined /> : undefined} aria-label={compact ? t("buttons.show") : undefined} onClick={() => openDrawer("show", row.id)} data-testid={`show-${row.id}`}>{compact ? null : t("buttons.show")}</Button>
                    {rowActions.canEdit && (
                      <Button size="small" icon={<EditOutlined />} aria-label={compact ? t("buttons.edit") : undefined} onClick={() => openDrawer("edit", row.id)} data-testid={`edit-${row.id}`}>{compact ? null : t("buttons.edit")}</Button>
                    )}
                    {rowActions.canDelete && (
                      <Popconfirm title={t("buttons.confirm")} okText={t("buttons.delete")} okType="danger" cancelText={t("buttons.cancel")} onConfirm={() => rowActions.deleteRow(row.id)}>
                        <Button size="small" danger icon={<DeleteOutlined />} loading={rowActions.deletingId === row.id} aria-label={compact ? t("buttons.delete") : undefined} data-testid={`delete-${row.id}`}>{compact ? null : t("buttons.delete")}</Button>
                      </Popconfirm>
                    )}
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Card>
      {(drawer === "create" || (drawer === "edit" && openId)) && (
        <ResourceFormDrawer resource={resource} action={drawer} id={openId} currency={currency} onClose={closeDrawer} />
      )}
      {drawer === "show" && shownRecord && (
        <Drawer open width={560} placement={i18n.dir(i18n.language) === "rtl" ? "left" : "right"} title={t("admin.viewTitle", { name: recordName(resource, shownRecord), resource: t(`resources.${resource.name}.one`) })} onClose={closeDrawer} data-testid="resource-show">
          <Descriptions column={1} bordered size="small">
            {resource.fields.map((field) => (
              <Descriptions.Item key={field.name} label={t(field.labelKey)}><FieldValue field={field} value={shownRecord[field.name]} currency={currency} labels={labels} /></Descriptions.Item>
            ))}
          </Descriptions>
        </Drawer>
      )}
    </List>
  );
}
