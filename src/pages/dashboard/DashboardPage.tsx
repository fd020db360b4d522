import { ClockCircleOutlined } from "@ant-design/icons";
import { useCan, useGetIdentity } from "@refinedev/core";
import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Card, Col, Descriptions, Empty, List, Result, Row, Segmented, Skeleton, Space, Statistic, Table, Typography } from "antd";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import "../../booking/i18n/bookingStrings";
import { countdownText, timeLeft, useNow } from "../../booking/orders/countdown";
import { MoneyText } from "../../booking/ui/MoneyText";
import { dashboardSchema, type Dashboard, type PeriodFigures } from "../../contract/dashboard";
import type { Money } from "../../contract/money";
import { currencyDecimals } from "../../lib/currencyDecimals";
import { formatMinor } from "../../lib/money";
import { useStore } from "../../lib/createStore";
import { apiClient } from "../../providers/apiClient";
import type { ConsoleIdentity } from "../../providers/authProvider";
import { setupStore } from "../../state/setupStore";
import { VISUALLY_HIDDEN } from "../../layout/visuallyHidden";

import { LatestPostsCard } from "./LatestPostsCard";
import { dateTime } from "../reports/reportColumns";

const CreditTrendChart = lazy(() => import("./CreditTrendChart"));
const BookingsByDayChart = lazy(() => import("./BookingsByDayChart"));
const SupplierShareChart = lazy(() => import("./SupplierShareChart"));

// The table behind a chart, for screen readers.

/** A chart's figures as a table read by screen readers, not drawn. */
function ChartTable({ caption, header, rows, testId }: { caption: string; header: string[]; rows: { key: string; cells: (string | number)[] }[]; testId: string }) {
  return (
    <table style={VISUALLY_HIDDEN} data-testid={testId}>
      <caption>{caption}</caption>
      <thead><tr>{header.map((title) => <th key={title} scope="col">{title}</th>)}</tr></thead>
      <tbody>
        {rows.map((row) => <tr key={row.key}>{row.cells.map((cell, index) => <td key={index}>{cell}</td>)}</tr>)}
      </tbody>
    </table>
  );
}

function Amounts({ sales }: { sales: readonly Money[] }) {
  if (sales.length === 0) return <span>—</span>;
  return <Space direction="vertical" size={0}>{sales.map((money) => <MoneyText key={money.currency} money={money} />)}</Space>;
}

function PeriodCard({ title, figures, testId }: { title: string; figures: PeriodFigures; testId: string }) {
  const { t } = useTranslation();
  return (
    <Card title={title} size="small" data-testid={testId}>
      <Row gutter={16}>
        <Col xs={12} sm={6}><Statistic title={t("dashboard.bookings")} value={figures.bookings} data-testid={`${testId}-bookings`} /></Col>
        <Col xs={12} sm={6}><Statistic title={t("dashboard.cancellations")} value={figures.cancellations} /></Col>
        <Col xs={12} sm={6}>
          <Typography.Text type="secondary">{t("dashboard.sales")}</Typography.Text>
          <div style={{ fontSize: 18 }} data-testid={`${testId}-sales`}><Amounts sales={figures.sales} /></div>
        </Col>
        <Col xs={12} sm={6}>
          <Typography.Text type="secondary">{t("dashboard.markup")}</Typography.Text>
          <div style={{ fontSize: 18 }} data-testid={`${testId}-markup`}><Amounts sales={figures.markup} /></div>
        </Col>
      </Row>
      {figures.byProduct.length > 0 && (
        <Table
          size="small"
          style={{ marginTop: 12 }}
          pagination={false}
          rowKey="product"
          dataSource={figures.byProduct}
          columns={[
            { key: "product", title: t("dashboard.product"), render: (_, row) => t(`booking.orders.products.${row.product}`) },
            { key: "bookings", title: t("dashboard.bookings"), dataIndex: "bookings", align: "end" },
            { key: "sales", title: t("dashboard.sales"), align: "end", render: (_, row) => <Amounts sales={row.sales} /> },
          ]}
        />
      )}
    </Card>
  );
}

function CreditCard({ credit, unlimitedText }: { credit: Dashboard["credit"]; unlimitedText: string }) {
  const { t, i18n } = useTranslation();
  const decimals = currencyDecimals(credit.used.currency);
  const first = credit.trend[0];
  return (
    <Card title={t("dashboard.credit")} size="small" data-testid="dashboard-credit-card">
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Typography.Text type="secondary">{t("dashboard.available")}</Typography.Text>
          <div style={{ fontSize: 20 }} data-testid="dashboard-available">{credit.available ? <MoneyText money={credit.available} strong /> : unlimitedText}</div>
        </Col>
        <Col xs={12} sm={8}>
          <Typography.Text type="secondary">{t("dashboard.used")}</Typography.Text>
          <div data-testid="dashboard-used"><MoneyText money={credit.used} /></div>
        </Col>
        <Col xs={12} sm={8}>
          <Typography.Text type="secondary">{t("dashboard.creditLimit")}</Typography.Text>
          <div>{credit.unlimited ? unlimitedText : <MoneyText money={credit.limit} />}</div>
        </Col>
      </Row>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t("dashboard.trend", { days: credit.trend.length })}
      </Typography.Paragraph>
      <Suspense fallback={<Skeleton.Node active style={{ width: "100%", height: 180 }} />}>
        <CreditTrendChart trend={credit.trend} toMajor={(minor) => minor / 10 ** decimals} />
      </Suspense>
      <ChartTable
        caption={t("dashboard.trend", { days: credit.trend.length })}
        header={[t("dashboard.date"), t("dashboard.used")]}
        rows={credit.trend.map((point) => ({ key: point.date, cells: [point.date, formatMinor(point.used, credit.used.currency, decimals, i18n.language)] }))}
        testId="dashboard-trend-table"
      />
      {first && first.used !== credit.used.amount && (
        <Typography.Text type="secondary" data-testid="dashboard-trend-change">
          {t("dashboard.trendChange", { from: formatMinor(first.used, credit.used.currency, decimals, i18n.language), to: formatMinor(credit.used.amount, credit.used.currency, decimals, i18n.language) })}
        </Typography.Text>
      )}
    </Card>
  );
}

function HoldsCard({ holds }: { holds: Dashboard["holds"] }) {
  const { t } = useTranslation();
  const now = useNow(1_000);
  return (
    <Card title={t("dashboard.holds")} size="small" data-testid="dashboard-holds">
      {holds.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("dashboard.noHolds")} />
      ) : (
        <List
          dataSource={holds}
          renderItem={(hold) => {
            const left = timeLeft(hold.deadline, now);
            return (
              <List.Item
                data-testid={`dashboard-hold-${hold.orderId}`}
                actions={[<Link key="ticket" to={`/bookings/${hold.orderId}`}>{hold.product === "flight" ? t("dashboard.ticket") : t("dashboard.pay")}</Link>]}
              >
                <List.Item.Meta
                  title={<bdi>{hold.reference ?? `#${hold.orderId}`}</bdi>}
                  description={<Space size="small" wrap><span>{t(`booking.orders.products.${hold.product}`)}</span><MoneyText money={hold.total} /></Space>}
                />
                <Typography.Text type={left.days === 0 && left.hours < 2 ? "danger" : undefined} aria-label={t("dashboard.timeLeft", { time: countdownText(left, t("booking.orders.days")) })}>
                  <ClockCircleOutlined /> <bdi>{countdownText(left, t("booking.orders.days"))}</bdi>
                </Typography.Text>
              </List.Item>
            );
          }}
        />
      )}
    </Card>
  );
}

function ByDayCard({ bookings, sales, currency }: { bookings: Dashboard["bookingsByDay"]; sales: Dashboard["salesByDay"]; currency: string }) {
  const { t, i18n } = useTranslation();
  const [measure, setMeasure] = useState<"bookings" | "sales">("bookings");
  const decimals = currencyDecimals(currency);
  const days = measure === "bookings" ? bookings.map((day) => ({ ...day, value: day.bookings })) : sales.map((day) => ({ ...day, value: day.sales }));
  const rows = days.map((day) => ({ day: day.date.slice(5), product: t(`booking.orders.products.${day.product}`), value: measure === "bookings" ? day.value : day.value / 10 ** decimals }));
  // Every day of the month so far stands on the axis, a quiet one at zero.
  const today = new Date().toISOString().slice(0, 10);
  const quietDays = Array.from({ length: Number(today.slice(8)) }, (_, index) => `${today.slice(5, 8)}${String(index + 1).padStart(2, "0")}`)
    .filter((day) => !rows.some((row) => row.day === day))
    .map((day) => ({ day, product: rows[0]?.product ?? "", value: 0 }));
  const chartRows = [...rows, ...quietDays].sort((left, right) => left.day.localeCompare(right.day));
  const caption = measure === "bookings" ? t("dashboard.byDay") : t("dashboard.salesByDay", { currency });
  return (
    <Card
      title={caption}
      size="small"
      data-testid="dashboard-by-day"
      extra={
        <Segmented
          size="small"
          aria-label={t("dashboard.measure")}
          value={measure}
          onChange={(value) => setMeasure(value as "bookings" | "sales")}
          options={[{ value: "bookings", label: t("dashboard.bookings") }, { value: "sales", label: t("dashboard.sales") }]}
          data-testid="dashboard-by-day-measure"
        />
      }
    >
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("dashboard.noBookings")} />
      ) : (
        <>
          <Suspense fallback={<Skeleton.Node active style={{ width: "100%", height: 200 }} />}>
            <BookingsByDayChart data={chartRows} />
          </Suspense>
          <ChartTable
            caption={caption}
            header={[t("dashboard.date"), t("dashboard.product"), measure === "bookings" ? t("dashboard.bookings") : t("dashboard.sales")]}
            rows={days.map((day) => ({
              key: `${day.date}-${day.product}`,
              cells: [day.date, t(`booking.orders.products.${day.product}`), measure === "bookings" ? day.value : formatMinor(day.value, currency, decimals, i18n.language)],
            }))}
            testId="dashboard-by-day-table"
          />
        </>
      )}
    </Card>
  );
}

function TopTripsCard({ trips }: { trips: Dashboard["topTrips"] }) {
  const { t } = useTranslation();
  return (
    <Card title={t("dashboard.topTrips")} size="small" data-testid="dashboard-top-trips">
      <Table
        size="small"
        pagination={false}
        rowKey={(row) => `${row.product}-${row.trip}`}
        dataSource={trips}
        locale={{ emptyText: t("dashboard.noBookings") }}
        columns={[
          { key: "product", title: t("dashboard.product"), render: (_, row) => t(`booking.orders.products.${row.product}`) },
          { key: "trip", title: t("dashboard.trip"), render: (_, row) => <bdi>{row.trip}</bdi> },
          { key: "bookings", title: t("dashboard.bookings"), dataIndex: "bookings", align: "end" },
        ]}
      />
    </Card>
  );
}

function SupplierShareCard({ share }: { share: Dashboard["supplierShare"] }) {
  const { t } = useTranslation();
  return (
    <Card title={t("dashboard.supplierShare")} size="small" data-testid="dashboard-supplier-share">
      {share.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("dashboard.noBookings")} />
      ) : (
        <>
          <Suspense fallback={<Skeleton.Node active style={{ width: "100%", height: 220 }} />}>
            <SupplierShareChart data={share} />
          </Suspense>
          <ChartTable
            caption={t("dashboard.supplierShare")}
            header={[t("dashboard.supplier"), t("dashboard.bookings")]}
            rows={share.map((row) => ({ key: row.supplierId, cells: [row.supplierName, row.bookings] }))}
            testId="dashboard-supplier-share-table"
          />
        </>
      )}
    </Card>
  );
}

function SupplierFailuresAlert({ failures }: { failures: NonNullable<Dashboard["supplierFailures"]> }) {
  const { t } = useTranslation();
  if (failures.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="dashboard-supplier-failures"
      message={t("dashboard.supplierFailures")}
      description={failures.map((row) => (
        <div key={row.supplierId}>{t("dashboard.supplierFailure", { supplier: row.supplierName, failed: row.failed, timedOut: row.timedOut, searches: row.searches })}</div>
      ))}
      action={<Link to="/report?kind=suppliers">{t("dashboard.supplierReport")}</Link>}
    />
  );
}

function AgenciesCard({ agencies }: { agencies: Dashboard["agencies"] }) {
  const { t } = useTranslation();
  return (
    <Card title={t("dashboard.agencies")} size="small" data-testid="dashboard-agencies">
      <Table
        size="small"
        pagination={false}
        rowKey="organisationId"
        dataSource={agencies}
        locale={{ emptyText: t("dashboard.noBookings") }}
        columns={[
          { key: "rank", title: "#", width: 40, render: (_, __, index) => index + 1 },
          { key: "name", title: t("dashboard.organisation"), dataIndex: "name" },
          { key: "bookings", title: t("dashboard.bookings"), dataIndex: "bookings", align: "end" },
          { key: "sales", title: t("dashboard.sales"), align: "end", render: (_, row) => <Amounts sales={row.sales} /> },
        ]}
      />
    </Card>
  );
}

function RecentCard({ recent }: { recent: Dashboard["recent"] }) {
  const { t } = useTranslation();
  return (
    <Card title={t("dashboard.recent")} size="small" data-testid="dashboard-recent">
      <Table
        size="small"
        pagination={false}
        rowKey="orderId"
        scroll={{ x: true }}
        dataSource={recent}
        locale={{ emptyText: t("dashboard.noBookings") }}
        columns={[
          { key: "reference", title: t("dashboard.reference"), render: (_, order) => <Link to={`/bookings/${order.orderId}`}><bdi>{order.reference ?? `#${order.orderId}`}</bdi></Link> },
          { key: "product", title: t("dashboard.product"), render: (_, order) => t(`booking.orders.products.${order.product}`) },
          { key: "travellers", title: t("dashboard.travellers"), render: (_, order) => <bdi>{order.travellers}</bdi> },
          { key: "organisation", title: t("dashboard.organisation"), dataIndex: "organisationName" },
          { key: "status", title: t("dashboard.status"), render: (_, order) => t(`booking.orders.statuses.${order.status}`) },
          { key: "total", title: t("dashboard.total"), align: "end", render: (_, order) => <MoneyText money={order.total} /> },
        ]}
      />
    </Card>
  );
}

/**
 * The start of the day: the credit and its trend, today's and this month's bookings and sales by
 * product, the holds running out and the latest bookings, for the caller's organisation and
 * those below it (or only the caller's own bookings). Fetched again each time the page opens, so
 * a booking just made shows without a reload.
 */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const { data: identity, isLoading, isError } = useGetIdentity<ConsoleIdentity>();
  const { data: bookingsAccess } = useCan({ resource: "bookings", action: "list" });
  const { devMode } = useStore(setupStore);
  const [scope, setScope] = useState<"subtree" | "mine">("subtree");
  const figures = useQuery({
    queryKey: ["dashboard", scope],
    queryFn: async () => dashboardSchema.parse((await apiClient.get<{ data: unknown }>("/api/dashboard", { params: scope === "mine" ? { mine: "true" } : {} })).data.data),
    enabled: bookingsAccess?.can === true,
    refetchOnMount: "always",
  });

  if (isLoading) return <Skeleton active />;
  if (isError || !identity) return <Alert type="error" showIcon role="alert" message={t("dashboard.loadFailed")} />;

  const { user, organisation } = identity;
  const creditLimit = user.unlimited_creditlimit
    ? t("dashboard.unlimited")
    : formatMinor(organisation.credit_limit, organisation.currency.code, organisation.currency.decimal, i18n.language);

  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Row justify="space-between" align="middle" gutter={[16, 8]}>
        <Col>
          <Typography.Title level={2} style={{ margin: 0 }} data-testid="dashboard-greeting">
            {t("dashboard.greeting", { name: user.username })}
          </Typography.Title>
          <Typography.Text type="secondary" data-testid="dashboard-organisation">{organisation.name}</Typography.Text>
          {figures.data && (
            // The counts, sales and charts may come from a replica: say how current they are, as the reports do.
            <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 12 }} data-testid="dashboard-as-of">{t("reports.asOf", { moment: dateTime(figures.data.asOf) })}</Typography.Paragraph>
          )}
        </Col>
        {bookingsAccess?.can && (
          <Col>
            <Segmented
              aria-label={t("dashboard.scope")}
              value={scope}
              onChange={(value) => setScope(value as "subtree" | "mine")}
              options={[{ value: "subtree", label: t("dashboard.scopeSubtree") }, { value: "mine", label: t("dashboard.scopeMine") }]}
              data-testid="dashboard-scope"
            />
          </Col>
        )}
      </Row>
      {!bookingsAccess?.can ? (
        <Card>
          <Descriptions column={1} size="middle">
            <Descriptions.Item label={t("dashboard.creditLimit")}><span data-testid="dashboard-credit">{creditLimit}</span></Descriptions.Item>
            <Descriptions.Item label={t("dashboard.currency")}><span data-testid="dashboard-currency">{organisation.currency.code}</span></Descriptions.Item>
          </Descriptions>
        </Card>
      ) : figures.isError ? (
        <Result status="error" title={t("dashboard.figuresFailed")} subTitle={figures.error.message} extra={<Button onClick={() => void figures.refetch()}>{t("admin.retry")}</Button>} />
      ) : !figures.data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Row gutter={[16, 16]}>
          {figures.data.supplierFailures && figures.data.supplierFailures.length > 0 && <Col span={24}><SupplierFailuresAlert failures={figures.data.supplierFailures} /></Col>}
          <Col xs={24} lg={12}>
            <CreditCard credit={figures.data.credit} unlimitedText={t("dashboard.unlimited")} />
          </Col>
          <Col xs={24} lg={12}><HoldsCard holds={figures.data.holds} /></Col>
          <Col xs={24} lg={12}><PeriodCard title={t("dashboard.today")} figures={figures.data.today} testId="dashboard-today" /></Col>
          <Col xs={24} lg={12}><PeriodCard title={t("dashboard.month")} figures={figures.data.month} testId="dashboard-month" /></Col>
          <Col xs={24} lg={figures.data.organisations > 1 && scope === "subtree" ? 12 : 24}>
            <ByDayCard bookings={figures.data.bookingsByDay} sales={figures.data.salesByDay} currency={figures.data.credit.used.currency} />
          </Col>
          {figures.data.organisations > 1 && scope === "subtree" && <Col xs={24} lg={12}><AgenciesCard agencies={figures.data.agencies} /></Col>}
          <Col xs={24} lg={12}><TopTripsCard trips={figures.data.topTrips} /></Col>
          <Col xs={24} lg={12}><SupplierShareCard share={figures.data.supplierShare} /></Col>
          <Col span={24}><RecentCard recent={figures.data.recent} /></Col>
        </Row>
      )}
      <LatestPostsCard />
      {devMode && (
        <Card title={t("dashboard.sessionData")}>
          <pre style={{ margin: 0, overflowX: "auto" }} dir="ltr">
            {JSON.stringify(identity, null, 2)}
          </pre>
        </Card>
      )}
    </Space>
  );
}
