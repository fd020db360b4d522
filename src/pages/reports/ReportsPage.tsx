import { useGetIdentity } from "@refinedev/core";
import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Card, DatePicker, Result, Segmented, Select, Space, Typography } from "antd";
import dayjs from "dayjs";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ConsoleTabs } from "../../layout/ConsoleTabs";
import { ResponsiveTable } from "../../layout/ResponsiveTable";
import { Link, useSearchParams } from "react-router";
import "../../booking/i18n/bookingStrings";
import { orderRowStatusSchema } from "../../contract/orderSummary";
import { PRODUCT_KINDS } from "../../contract/products";
import { REPORT_EXPORT_PAGE_SIZE, REPORT_KINDS, reportFiltersSchema, reportSchema, type Report, type ReportKind, type ReportOf, type ReportQuery } from "../../contract/reports";
import { download, XLSX_TYPE } from "../../lib/download";
import { saveDocumentPdf } from "../../lib/pdf/documentPdf";
import { OrganisationTreeSelect } from "../../layout/OrganisationTreeSelect";
import { ExportButtons, type ExportKind, type ExportProgress } from "../../layout/ExportButtons";
import { apiClient } from "../../providers/apiClient";
import type { ConsoleIdentity } from "../../providers/authProvider";
import { sheetWorkbook } from "../../lib/workbook";
import { addressOf, apiParamsOf, reportViewOf, type ReportView } from "./reportAddress";
import { columnTitle, dateTime, REPORT_COLUMNS, reportSheet, reportTable, totalLines, type CellFormat, type ReportColumn } from "./reportColumns";
import { serverPagination } from "../../layout/serverPagination";

const ISO_DATE = "YYYY-MM-DD";
type AnyRow = Report["rows"][number];

async function fetchReport(kind: ReportKind, params: Record<string, string>): Promise<Report> {
  const response = await apiClient.get<{ data: unknown }>(`/api/reports/${kind}`, { params });
  return reportSchema.parse(response.data.data);
}

/** The filters of every report: period, organisation of the subtree, product, supplier, status, user. */
function ReportFilters({ view, organisationId, onChange }: { view: ReportView; organisationId: number; onChange: (query: Partial<ReportQuery>) => void }) {
  const { t } = useTranslation();
  const { query, kind } = view;
  const options = useQuery({
    queryKey: ["report-filters", query.organisationId],
    queryFn: async () =>
      reportFiltersSchema.parse((await apiClient.get<{ data: unknown }>("/api/report-filters", { params: query.organisationId ? { organisationId: query.organisationId } : {} })).data.data),
    staleTime: 60_000,
  });
  const forOrders = kind !== "suppliers" && kind !== "statement";
  return (
    <Space wrap size={[8, 8]} data-testid="report-filters">
      <DatePicker.RangePicker
        data-testid="report-period"
        aria-label={t("reports.filters.period")}
        format={ISO_DATE}
        allowClear={false}
        value={[dayjs(query.from), dayjs(query.to)]}
        onChange={(range) => range?.[0] && range[1] && onChange({ from: range[0].format(ISO_DATE), to: range[1].format(ISO_DATE) })}
      />
      <OrganisationTreeSelect
        rootId={organisationId}
        data-testid="report-organisation"
        aria-label={t("reports.filters.organisation")}
        style={{ minWidth: 240 }}
        allowClear={kind !== "statement"}
        placeholder={t(kind === "statement" ? "reports.filters.ownOrganisation" : "reports.filters.wholeSubtree")}
        value={query.organisationId}
        onChange={(value?: number) => onChange({ organisationId: value, userId: undefined })}
      />
      {forOrders && (
        <Select
          data-testid="report-product"
          aria-label={t("reports.filters.product")}
          style={{ minWidth: 150 }}
          allowClear
          placeholder={t("reports.filters.anyProduct")}
          value={query.product}
          onChange={(product) => onChange({ product })}
          options={PRODUCT_KINDS.map((product) => ({ value: product, label: t(`booking.orders.products.${product}`) }))}
        />
      )}
      {kind !== "statement" && (
        <Select
          data-testid="report-supplier"
          aria-label={t("reports.filters.supplier")}
          style={{ minWidth: 200 }}
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t("reports.filters.anySupplier")}
          value={query.supplierId}
          onChange={(supplierId) => onChange({ supplierId })}
          options={options.data?.suppliers.map((supplier) => ({ value: supplier.id, label: supplier.name }))}
        />
      )}
      {forOrders && (
        <Select
          data-testid="report-status"
          aria-label={t("reports.filters.status")}
          style={{ minWidth: 150 }}
          allowClear
          placeholder={t("reports.filters.anyStatus")}
          value={query.status}
          onChange={(status) => onChange({ status })}
          options={orderRowStatusSchema.options.filter((status) => status !== "pending" && status !== "failed").map((status) => ({ value: status, label: t(`booking.orders.statuses.${status}`) }))}
        />
      )}
      {kind !== "suppliers" && (
        <Select
          data-testid="report-user"
          aria-label={t("reports.filters.user")}
          style={{ minWidth: 180 }}
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t("reports.filters.anyUser")}
          value={query.userId}
          onChange={(userId) => onChange({ userId })}
          options={options.data?.users.map((user) => ({ value: user.id, label: `${user.username} (${user.organisationName})` }))}
        />
      )}
      {kind === "statement" && (
        <Segmented
          aria-label={t("reports.filters.account")}
          data-testid="report-account"
          value={query.account ?? "credit"}
          onChange={(account) => onChange({ account: account as "credit" | "guarantee" })}
          options={[{ value: "credit", label: t("reports.filters.creditLine") }, { value: "guarantee", label: t("reports.filters.guarantees") }]}
        />
      )}
      {kind === "sales" && (
        <Segmented
          aria-label={t("reports.filters.groupBy")}
          data-testid="report-group-by"
          value={query.groupBy ?? "month"}
          onChange={(groupBy) => onChange({ groupBy: groupBy as "month" | "day" })}
          options={[{ value: "month", label: t("reports.filters.byMonth") }, { value: "day", label: t("reports.filters.byDay") }]}
        />
      )}
    </Space>
  );
}

function tableColumns(kind: ReportKind, report: Report | undefined, format: CellFormat) {
  const columns = REPORT_COLUMNS[kind] as readonly ReportColumn<ReportKind>[];
  return columns.map((column) => ({
    key: column.key,
    title: columnTitle(column, report as never, format),
    align: column.figure ? ("end" as const) : undefined,
    onCell: column.figure ? () => ({ style: { whiteSpace: "nowrap" as const } }) : undefined,
    render: (_: unknown, row: AnyRow) => {
      const text = column.text(row as never, format, report as never);
      const orderId = column.orderId?.(row as never);
      return orderId ? <Link to={`/bookings/${orderId}`}><bdi>{text}</bdi></Link> : <bdi>{text}</bdi>;
    },
  }));
}

const rowKeyOf = (kind: ReportKind) => (row: AnyRow) => {
  if ("entryId" in row) return String(row.entryId);
  if ("supplierId" in row) return row.supplierId;
  if ("orderId" in row) return `${row.orderId}-${"markup" in row ? row.product : ""}`;
  return `${kind}-${"period" in row ? row.period : ""}-${"organisationId" in row ? row.organisationId : ""}-${row.product}-${row.currency}`;
};

/**
 * The `report` section: sales, earnings (markup and commission), booked items, cancellations,
 * supplier performance and the account statement over the caller's subtree, filtered, paged on
 * the server, and exported whole to Excel or PDF (in the reader's language, Arabic right to left).
 * The report and its filters live in the address, so a report can be shared as a link.
 */
export function ReportsPage() {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Typography.Title level={2} style={{ margin: 0 }}>{t("reports.title")}</Typography.Title>
      <Reports kinds={REPORT_KINDS} />
    </Space>
  );
}

/** The reports named, in tabs when there are several (the accounts section shows the statement alone). */
export function Reports({ kinds }: { kinds: readonly ReportKind[] }) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const { data: identity } = useGetIdentity<ConsoleIdentity>();
  const today = dayjs().format(ISO_DATE);
  const view = useMemo(() => reportViewOf(search, today, kinds), [search, today, kinds]);
  const format: CellFormat = { t, language: i18n.language };
  const report = useQuery({
    queryKey: ["report", view.kind, view.query],
    queryFn: () => fetchReport(view.kind, apiParamsOf(view.query)),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === view.kind ? previous : undefined),
  });

  const show = (next: ReportView) => setSearch((current) => addressOf(next, current));
  const changeFilters = (changed: Partial<ReportQuery>) => show({ kind: view.kind, query: { ...view.query, ...changed, page: 1 } });

  const title = t(`reports.kinds.${view.kind}`);
  const exportAs = async (kind: ExportKind, progress: ExportProgress) => {
    const rows: AnyRow[] = [];
    let last: Report | undefined;
    for (let page = 1; ; page += 1) {
      last = await fetchReport(view.kind, apiParamsOf(view.query, page, REPORT_EXPORT_PAGE_SIZE));
      rows.push(...last.rows);
      progress(rows.length, last.total);
      if (rows.length >= last.total || last.rows.length === 0) break;
    }
    const table = reportTable(view.kind, last as ReportOf<ReportKind>, rows as never, format);
    const period = t("reports.periodLine", { from: view.query.from, to: view.query.to });
    const asOf = t("reports.asOf", { moment: dateTime(last.asOf) });
    const totals = totalLines(last, format);
    const fileName = `${view.kind}-${view.query.from}-${view.query.to}`;
    if (kind === "xlsx") {
      download(await sheetWorkbook(title, reportSheet(view.kind, last as ReportOf<ReportKind>, rows as never, format, [period, asOf])), `${fileName}.xlsx`, XLSX_TYPE);
    } else {
      const organisation = last.kind === "statement" ? [t("reports.organisationLine", { name: last.organisationName, currency: last.currency })] : [];
      await saveDocumentPdf({ title, lines: [period, asOf, ...organisation, ...totals], tables: [{ title: "", ...table }] }, `${fileName}.pdf`, i18n.language, { orientation: "landscape", fontSize: 8 });
    }
    return rows.length;
  };

  const data = report.data?.kind === view.kind ? report.data : undefined;
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      {kinds.length > 1 && (
        <ConsoleTabs
          label={t("sections.report")}
          data-testid="report-kinds"
          activeKey={view.kind}
          onChange={(kind) => show({ kind: kind as ReportKind, query: { ...view.query, page: 1 } })}
          items={kinds.map((kind) => ({ key: kind, label: t(`reports.kinds.${kind}`) }))}
        />
      )}
      <Space wrap style={{ width: "100%", justifyContent: "space-between" }}>
        <Space direction="vertical" size={0}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>{t(`reports.about.${view.kind}`)}</Typography.Paragraph>
          {data && <Typography.Text type="secondary" data-testid="report-as-of">{t("reports.asOf", { moment: dateTime(data.asOf) })}</Typography.Text>}
        </Space>
        <ExportButtons exportAs={exportAs} disabled={!data || data.total === 0} />
      </Space>
      {identity && <ReportFilters view={view} organisationId={identity.user.organisation_id} onChange={changeFilters} />}
      {report.isError ? (
        <Result status="error" title={t("reports.failed")} subTitle={report.error.message} extra={<Button onClick={() => void report.refetch()}>{t("admin.retry")}</Button>} />
      ) : (
        <>
          {data && totalLines(data, format).length > 0 && (
            <Alert
              type="info"
              data-testid="report-totals"
              message={data.kind === "statement" ? t("reports.organisationLine", { name: data.organisationName, currency: data.currency }) : t("reports.totalsTitle")}
              description={totalLines(data, format).map((line) => <div key={line}><bdi>{line}</bdi></div>)}
            />
          )}
          <Card size="small">
            <ResponsiveTable<AnyRow>
              data-testid="report-table"
              size="small"
              loading={report.isFetching}
              rowKey={rowKeyOf(view.kind)}
              scroll={{ x: true }}
              dataSource={data?.rows ?? []}
              columns={tableColumns(view.kind, data, format)}
              locale={{ emptyText: t("reports.empty") }}
              pagination={serverPagination(t, {
                page: view.query.page,
                pageSize: view.query.pageSize,
                total: data?.total ?? 0,
                onChange: (page, pageSize) => show({ kind: view.kind, query: { ...view.query, page: pageSize === view.query.pageSize ? page : 1, pageSize } }),
              })}
            />
          </Card>
        </>
      )}
    </Space>
  );
}
