import { useQuery } from "@tanstack/react-query";
import { Button, Card, DatePicker, Grid, Input, Select, Space, Typography, type TableColumnType } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ResponsiveTable } from "../../layout/ResponsiveTable";
import { Link, useNavigate } from "react-router";
import type { PlatformOrder } from "../../contract/orders";
import { orderRowStatusSchema, type OrderRowStatus } from "../../contract/orderSummary";
import { bookingApi, type OrderListQuery } from "../api/bookingApi";
import "../i18n/bookingStrings";
import { MoneyText } from "../ui/MoneyText";
import { OrderStatusTag } from "./OrderStatusTag";
import { ProductTags } from "./ProductTag";
import { tripText } from "./orderSummaryText";
import { BOOKABLE_PRODUCTS, type ProductKind } from "../../contract/products";

const PAGE_SIZE = 20;

type Column = TableColumnType<PlatformOrder>;
const ISO_DATE = "YYYY-MM-DD";

interface Filters {
  status?: OrderRowStatus;
  product?: ProductKind;
  pnr?: string;
  passenger?: string;
  from?: string;
  to?: string;
}


/** /order-list: every order of the caller's organisation subtree. */
export function OrderListPage() {
  const { t } = useTranslation();
  return <OrderList mine={false} title={t("booking.orders.allOrders")} />;
}

/** /bookings: the orders the signed-in agent made. */
export function MyBookingsPage() {
  const { t } = useTranslation();
  return <OrderList mine title={t("booking.orders.myBookings")} />;
}

function OrderList({ mine, title }: { mine: boolean; title: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState<Filters>({});
  const [filters, setFilters] = useState<Filters>({});
  const query: OrderListQuery = { page: String(page), pageSize: String(PAGE_SIZE), ...filters, ...(mine ? { mine: "true" as const } : {}) };
  const orders = useQuery({ queryKey: ["booking", "orders", query], queryFn: () => bookingApi.listOrders(query), placeholderData: (previous) => previous });

  const apply = (next: Filters) => {
    setFilters(next);
    setPage(1);
  };

  // On a phone a row is its reference (with what, where and when beneath it), its total and its status.
  const narrow = screens.md === false;
  const travelDate = (order: PlatformOrder) => <span dir="ltr" style={{ whiteSpace: "nowrap" }} data-testid="order-row-travel">{order.summary.travelDate ?? "—"}</span>;
  const product: Column = { title: t("booking.orders.columns.product"), render: (_, order) => <ProductTags items={order.items} /> };
  const reference = (withTrip: boolean): Column => ({
    title: t("booking.orders.columns.pnr"),
    render: (_, order) => (
      <Space direction="vertical" size={2}>
        <Link to={`/bookings/${order.id}`} onClick={(event) => event.stopPropagation()}>
          <strong dir="ltr">{order.bookingReference ?? `#${order.id}`}</strong>
        </Link>
        {withTrip && (
          <>
            <ProductTags items={order.items} />
            <Typography.Text type="secondary"><bdi>{tripText(order.summary, i18n.language)}</bdi> · {travelDate(order)}</Typography.Text>
          </>
        )}
      </Space>
    ),
  });
  const passengers: Column = { title: t("booking.orders.columns.passengers"), dataIndex: "passengerNames" };
  const trip: Column = { title: t("booking.orders.columns.route"), render: (_, order) => <bdi>{tripText(order.summary, i18n.language)}</bdi> };
  const travel: Column = { title: t("booking.orders.columns.travel"), render: (_, order) => travelDate(order) };
  const total: Column = { title: t("booking.orders.columns.total"), align: "end", render: (_, order) => <span data-testid="order-row-total"><MoneyText money={{ amount: order.total, currency: order.currency }} /></span> };
  const status: Column = { title: t("booking.orders.columns.status"), render: (_, order) => <OrderStatusTag status={order.summary.status} /> };
  const created: Column = { title: t("booking.orders.columns.created"), render: (_, order) => dayjs(order.createdAt).format("YYYY-MM-DD HH:mm") };

  return (
    <Card title={<Typography.Title level={4} style={{ margin: 0 }}>{title}</Typography.Title>}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          data-testid="orders-filter-status"
          allowClear
          aria-label={t("booking.orders.filters.status")}
          placeholder={t("booking.orders.filters.status")}
          style={{ width: 180 }}
          value={draft.status}
          onChange={(status?: OrderRowStatus) => {
            setDraft({ ...draft, status });
            apply({ ...draft, status });
          }}
          options={orderRowStatusSchema.options.map((status) => ({ value: status, label: t(`booking.orders.statuses.${status}`) }))}
        />
        <Select
          data-testid="orders-filter-product"
          allowClear
          aria-label={t("booking.orders.filters.product")}
          placeholder={t("booking.orders.filters.product")}
          style={{ width: 150 }}
          value={draft.product}
          onChange={(product?: ProductKind) => {
            setDraft({ ...draft, product });
            apply({ ...draft, product });
          }}
          options={BOOKABLE_PRODUCTS.map((product) => ({ value: product, label: t(`booking.orders.products.${product}`) }))}
        />
        <Input
          data-testid="orders-filter-pnr"
          placeholder={t("booking.orders.filters.pnr")}
          style={{ width: 140 }}
          value={draft.pnr}
          onChange={(event) => setDraft({ ...draft, pnr: event.target.value || undefined })}
          onPressEnter={() => apply(draft)}
        />
        <Input
          data-testid="orders-filter-passenger"
          placeholder={t("booking.orders.filters.passenger")}
          style={{ width: 200 }}
          value={draft.passenger}
          onChange={(event) => setDraft({ ...draft, passenger: event.target.value || undefined })}
          onPressEnter={() => apply(draft)}
        />
        <DatePicker.RangePicker
          data-testid="orders-filter-dates"
          aria-label={t("booking.orders.filters.dates")}
          format={ISO_DATE}
          value={draft.from && draft.to ? [dayjs(draft.from), dayjs(draft.to)] : null}
          onChange={(range) => {
            const next = { ...draft, from: range?.[0]?.format(ISO_DATE), to: range?.[1]?.format(ISO_DATE) };
            setDraft(next);
            apply(next);
          }}
        />
        <Button type="primary" onClick={() => apply(draft)} data-testid="orders-search">{t("booking.orders.filters.search")}</Button>
        <Button
          onClick={() => {
            setDraft({});
            apply({});
          }}
        >
          {t("booking.orders.filters.clear")}
        </Button>
      </Space>
      <ResponsiveTable<PlatformOrder>
        data-testid="orders-table"
        rowKey="id"
        loading={orders.isFetching}
        dataSource={orders.data?.orders ?? []}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: orders.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        onRow={(order) => ({
          onClick: () => navigate(`/bookings/${order.id}`),
          style: { cursor: "pointer" },
          "data-testid": `order-row-${order.bookingReference ?? order.id}`,
        })}
        scroll={{ x: true }}
        columns={narrow ? [reference(true), total, status] : [product, reference(false), passengers, trip, travel, total, status, created]}
      />
    </Card>
  );
}
