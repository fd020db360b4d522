import { SupplierMessagesButton } from "./SupplierMessages";
import { ledgerReasonLabel } from "../../lib/ledgerReasonLabel";
import { DownloadOutlined } from "@ant-design/icons";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Card, Checkbox, Col, DatePicker, Descriptions, Empty, List, Modal, Radio, Result, Row, Select, Space, Spin, Statistic, Table, Tooltip, Typography } from "antd";
import type { ButtonProps } from "antd";
import { DEFAULT_REFUND_RFIC, type Rfic } from "../../contract/rfic";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BackArrow } from "../ui/BackArrow";
import { Link, useParams } from "react-router";
import type { LedgerEntry, OrderCancelRequest, PlatformOrder, ScheduleChange } from "../../contract/orders";
import type { ResidualFund } from "../../contract/vouchers";
import type { OfferReference, Payment } from "../../contract/shopping";
import { bookingApi, newIdempotencyKey, type PricedReshopOffer } from "../api/bookingApi";
import { EMPTY_CARD, PaymentPanel, cardTokenRequest, type CardDetails } from "../checkout/PaymentPanel";
import { defaultPaymentChoice, isCardMethod, type PaymentChoice } from "../checkout/paymentChoice";
import { JourneySegments, JourneySummary } from "../display/JourneyView";
import { localDate, localTime } from "../display/segmentDisplay";
import "../i18n/bookingStrings";
import { EMPTY_RESHOPPING, reshoppingStore } from "../state/bookingStores";
import { formatMoney, MoneyText } from "../ui/MoneyText";
import { PolicyPanel } from "../insurance/PolicyPanel";
import { VisaPanel } from "../visa/VisaPanel";
import { transferPath } from "../transfer/transferPaths";
import { PackagePanel } from "../package/PackagePanel";
import { packageBookingOf } from "../package/packageConfirmation";
import { ActivityPanel } from "../activity/ActivityPanel";
import { activityBookingOf } from "../activity/activityVoucher";
import { countdownText, timeLeft, useNow } from "./countdown";
import { downloadItinerary } from "./itineraryPdf";
import { OrderStatusTag } from "./OrderStatusTag";
import { HotelStay } from "../hotel/HotelStay";
import { ProductTags } from "./ProductTag";
import { downloadHotelVoucher, hotelBookingOf } from "../hotel/hotelVoucher";
import { EmptyState } from "../../layout/EmptyState";

const TICKETED = new Set(["confirm", "exchange"]);
const CANCELLABLE = new Set(["hold", "confirm", "exchange"]);

/** The order's supplier and, for a flight, its airline: all the payment rules look at. */
function paymentReference(order: PlatformOrder): OfferReference | { product: "hotel"; supplierId: string } {
  const supplierOrder = order.supplierOrder;
  if (!supplierOrder) return { product: "hotel", supplierId: order.supplierId };
  return { supplierId: order.supplierId, ownerCode: supplierOrder.ownerCode, shoppingResponseId: supplierOrder.orderId, offerId: supplierOrder.orderId };
}

/** Held and ticketed flights: the airline may still move them. */
const SYNCABLE = new Set<PlatformOrder["status"]>(["hold", "confirm", "exchange"]);

/** Reads the booking again at the airline; a schedule it changed comes back as the list of changes. */
function CheckWithAirlineButton({ orderId, onChanges }: { orderId: number; onChanges: (changes: readonly ScheduleChange[]) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const sync = useMutation({
    mutationFn: () => bookingApi.sync(orderId),
    onSuccess: ({ scheduleChanges }) => {
      if (scheduleChanges.length === 0) void message.success(t("booking.orders.sync.unchanged"));
      onChanges(scheduleChanges);
    },
  });
  return (
    <Button data-testid="order-sync" loading={sync.isPending} onClick={() => sync.mutate()}>
      {t("booking.orders.sync.open")}
    </Button>
  );
}

/** A flight's local date and time, isolated so a right-to-left sentence keeps it in reading order. */
const wallClock = (dateTime: string) => `\u2068${localDate(dateTime)} ${localTime(dateTime)}\u2069`;

function ScheduleChangesAlert({ changes }: { changes: readonly ScheduleChange[] }) {
  const { t } = useTranslation();
  const line = (change: ScheduleChange) =>
    t(`booking.orders.sync.${change.kind}`, {
      flight: `\u2068${change.flight}\u2069`,
      origin: change.origin,
      destination: change.destination,
      departure: change.after ? wallClock(change.after.departure) : "",
      arrival: change.after ? wallClock(change.after.arrival) : "",
      beforeDeparture: change.before ? wallClock(change.before.departure) : "",
      beforeArrival: change.before ? wallClock(change.before.arrival) : "",
    });
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="schedule-changes"
      message={t("booking.orders.sync.changed")}
      description={
        <Space direction="vertical" size={2}>
          {changes.map((change) => <Typography.Text key={`${change.kind}-${change.flight}-${change.origin}`}>{line(change)}</Typography.Text>)}
          <Typography.Text type="secondary">{t("booking.orders.sync.changedHint")}</Typography.Text>
        </Space>
      }
    />
  );
}

/** /bookings/:orderId: one booking, with ticketing, changes, cancellation and the credit it moved. */
export function OrderDetailsPage() {
  const { t } = useTranslation();
  const orderId = Number(useParams().orderId);
  const order = useQuery({ queryKey: ["booking", "order", orderId], queryFn: () => bookingApi.order(orderId), enabled: Number.isInteger(orderId) });
  if (order.isPending) return <Spin />;
  if (order.isError) return <Result status="404" title={t("booking.orders.notFound")} extra={<Link to="/bookings"><Button>{t("booking.orders.back")}</Button></Link>} />;
  return <OrderDetails order={order.data} />;
}

function OrderDetails({ order }: { order: PlatformOrder }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["booking", "order"] });
  const supplierOrder = order.supplierOrder;
  const hotel = hotelBookingOf(order);
  const activity = activityBookingOf(order);
  const pilgrimage = packageBookingOf(order);
  const [reshopOpen, setReshopOpen] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [scheduleChanges, setScheduleChanges] = useState<readonly ScheduleChange[]>([]);

  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Space style={{ width: "100%", justifyContent: "space-between" }} wrap>
        <Space wrap>
          <Link to="/bookings"><Button icon={<BackArrow />}>{t("booking.orders.back")}</Button></Link>
          <Typography.Title level={3} style={{ margin: 0, whiteSpace: "nowrap" }} data-testid="order-pnr" dir="ltr">{order.bookingReference ?? `#${order.id}`}</Typography.Title>
          <OrderStatusTag status={order.summary.status} />
          <ProductTags items={order.items} />
        </Space>
        <Space wrap>
          {supplierOrder && <Button icon={<DownloadOutlined />} data-testid="itinerary-download" onClick={() => void downloadItinerary(order)}>{t("booking.orders.download")}</Button>}
          {hotel && hotel.status !== "cancel" && <Button icon={<DownloadOutlined />} data-testid="voucher-download" onClick={() => void downloadHotelVoucher(order, hotel)}>{t("booking.hotel.voucher.download")}</Button>}
          {TICKETED.has(order.status) && supplierOrder && (
            <Tooltip title={supplierOrder?.fareBrand.change.allowed ? undefined : t("booking.orders.reshop.notAllowed", { fare: supplierOrder?.fareBrand.name })}>
              <Button data-testid="reshop-open" disabled={!supplierOrder?.fareBrand.change.allowed} onClick={() => setReshopOpen(true)}>
                {t("booking.orders.reshop.open")}
              </Button>
            </Tooltip>
          )}
          {supplierOrder && SYNCABLE.has(order.status) && <CheckWithAirlineButton orderId={order.id} onChanges={(changes) => { setScheduleChanges(changes); if (changes.length > 0) void refresh(); }} />}
          <SupplierMessagesButton orderId={order.id} />
          {order.items[0]?.transfer && <Link to={transferPath(order.items[0].transfer.transferId)} data-testid="open-transfer"><Button>{t("booking.transfer.transfer.open")}</Button></Link>}
          {CANCELLABLE.has(order.status) && order.items[0]?.kind !== "visa" && order.items[0]?.kind !== "transfer" && <Button danger data-testid="cancel-open" onClick={() => setCancelOpen(true)}>{order.supplierOrder ? t("booking.orders.cancel.open") : hotel || activity || pilgrimage ? t("booking.hotel.cancel.open") : t("booking.insurance.policy.cancel")}</Button>}
        </Space>
      </Space>
      {order.failure && <Alert type="error" showIcon message={t("booking.orders.failure", { reason: order.failure })} />}
      {scheduleChanges.length > 0 && <ScheduleChangesAlert changes={scheduleChanges} />}
      {order.status === "hold" && order.paymentTimeLimit && (supplierOrder || hotel) && <TicketHold order={order} limit={order.paymentTimeLimit} onDone={refresh} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={15}>
          <Space direction="vertical" style={{ width: "100%" }}>
            {order.bookedOnBehalf && (
              <Alert
                type="info"
                showIcon
                data-testid="booked-on-behalf"
                message={t("booking.onBehalf.bookedByNotice", { user: order.bookedOnBehalf.username, organisation: order.bookedOnBehalf.organisationName })}
              />
            )}
            {hotel && <HotelStay booking={hotel} terms={order.items.find((item) => item.kind === "hotel")?.cancellationTerms ?? null} />}
            {activity && <ActivityPanel order={order} booking={activity} />}
            <PolicyPanel order={order} onChanged={refresh} />
            {order.items[0]?.kind === "visa" && <VisaPanel order={order} />}
            {pilgrimage && <PackagePanel order={order} booking={pilgrimage} />}
            {supplierOrder?.journeys.map((journey) => (
              <Card key={journey.paxJourneyID} size="small">
                <JourneySummary journey={journey} />
                <div style={{ marginTop: 8 }}><JourneySegments journey={journey} /></div>
              </Card>
            ))}
            {supplierOrder && (
              <Card size="small" title={t("booking.orders.passengers")}>
                <Table
                  size="small"
                  pagination={false}
                  rowKey="paxId"
                  dataSource={supplierOrder.passengers}
                  columns={[
                    { title: t("booking.orders.name"), render: (_, passenger) => `${passenger.salutation} ${passenger.firstName} ${passenger.lastName}` },
                    { title: t("booking.orders.type"), dataIndex: "paxType" },
                    {
                      title: t("booking.orders.ticket"),
                      render: (_, passenger) => supplierOrder.tickets.find((ticket) => ticket.paxId === passenger.paxId)?.ticketNumber ?? t("booking.orders.notTicketed"),
                    },
                    {
                      title: t("booking.orders.extras"),
                      render: (_, passenger) =>
                        [
                          ...supplierOrder.services.filter((service) => service.paxId === passenger.paxId).map((service) => service.name),
                          ...supplierOrder.seats.filter((seat) => seat.paxId === passenger.paxId).map((seat) => `${t("booking.orders.seat")} ${seat.seatNumber}`),
                        ].join(", ") || "—",
                    },
                  ]}
                />
                <Typography.Text type="secondary">
                  {t("booking.orders.contact")}: {supplierOrder.contact.email} · <span dir="ltr">{supplierOrder.contact.phoneCountryCode} {supplierOrder.contact.phoneNumber}</span>
                </Typography.Text>
              </Card>
            )}
          </Space>
        </Col>
        <Col xs={24} lg={9}>
          <Space direction="vertical" style={{ width: "100%" }}>
            <Card size="small" title={t("booking.orders.charges")}>
              <Descriptions size="small" column={1}>
                {order.charge && (
                  <>
                    <Descriptions.Item label={t("booking.orders.fare")}><MoneyText money={order.charge.fare} /></Descriptions.Item>
                    <Descriptions.Item label={t("booking.orders.services")}><MoneyText money={order.charge.services} /></Descriptions.Item>
                    <Descriptions.Item label={t("booking.orders.seats")}><MoneyText money={order.charge.seats} /></Descriptions.Item>
                  </>
                )}
                {order.items.slice(1).map((item) => (
                  <Descriptions.Item key={item.id} label={t("booking.insurance.offer.premium")}><MoneyText money={item.total} /></Descriptions.Item>
                ))}
                <Descriptions.Item label={t("booking.orders.total")}><span data-testid="order-total"><MoneyText money={{ amount: order.total, currency: order.currency }} strong /></span></Descriptions.Item>
                <Descriptions.Item label={t("booking.orders.paid")}><span data-testid="order-paid"><MoneyText money={{ amount: order.paid, currency: order.currency }} /></span></Descriptions.Item>
                <Descriptions.Item label={t("booking.orders.refunded")}><span data-testid="order-refunded"><MoneyText money={{ amount: order.refunded, currency: order.currency }} /></span></Descriptions.Item>
              </Descriptions>
            </Card>
            <Ledger order={order} />
            {order.supplierOrder && order.status === "refund" && <ResidualFunds order={order} />}
          </Space>
        </Col>
      </Row>
      {reshopOpen && <ReshopDialog order={order} onClose={() => setReshopOpen(false)} onDone={refresh} />}
      {cancelOpen && <CancelDialog order={order} onClose={() => setCancelOpen(false)} onDone={refresh} />}
    </Space>
  );
}

/** A payment for a held or changed order: the chosen method, a card tokenised just before paying. */
async function paymentFor(options: Awaited<ReturnType<typeof bookingApi.paymentOptions>>, choice: PaymentChoice, card: CardDetails, incomplete: string): Promise<Payment> {
  if (choice.kind !== "method") throw new Error(incomplete);
  if (!isCardMethod(options, choice)) return { paymentMethodId: choice.paymentMethodId, card: null };
  const request = cardTokenRequest(card);
  if (!request) throw new Error(incomplete);
  const token = await bookingApi.cardToken(request);
  return { paymentMethodId: choice.paymentMethodId, card: { holderName: request.holderName, token: token.token } };
}

function TicketHold({ order, limit, onDone }: { order: PlatformOrder; limit: string; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const left = timeLeft(limit, useNow(1_000));
  const total = { amount: order.total, currency: order.currency };
  const options = useQuery({ queryKey: ["booking", "payment-options", "order", order.id], queryFn: () => bookingApi.paymentOptions(paymentReference(order)) });
  const ticketOptions = options.data && { ...options.data, bookAndHold: false };
  const [choice, setChoice] = useState<PaymentChoice | null>(null);
  const [card, setCard] = useState<CardDetails>(EMPTY_CARD);
  const [key] = useState(newIdempotencyKey);
  const activeChoice = choice ?? (ticketOptions ? defaultPaymentChoice(ticketOptions, total) : null);
  const ticket = useMutation({
    mutationFn: async () => {
      if (!ticketOptions || !activeChoice) throw new Error(t("booking.orders.payment.none"));
      return bookingApi.ticket(order.id, await paymentFor(ticketOptions, activeChoice, card, t("booking.checkout.card.incomplete")), key);
    },
    onSuccess: () => {
      void message.success(order.supplierOrder ? t("booking.orders.ticketing.done") : t("booking.hotel.hold.done"));
      onDone();
    },
  });
  return (
    <Card title={order.supplierOrder ? t("booking.orders.ticketing.title") : t("booking.hotel.hold.title")} size="small">
      <Space direction="vertical" style={{ width: "100%" }}>
        <Statistic title={t("booking.orders.ticketing.countdown")} value={countdownText(left, t("booking.orders.days"))} valueStyle={{ color: left.days === 0 && left.hours < 2 ? "#cf1322" : undefined }} data-testid="ticket-countdown" />
        <Typography.Text type="secondary">{t("booking.orders.timeLimit")}: {dayjs(limit).format("YYYY-MM-DD HH:mm")}</Typography.Text>
        {left.expired ? (
          <Alert type="error" showIcon message={t("booking.orders.ticketing.expired")} />
        ) : (
          <>
            <PaymentPanel options={ticketOptions} loading={options.isPending} error={options.isError} total={total} choice={activeChoice} onChoice={setChoice} card={card} onCard={setCard} />
            {ticket.isError && <Alert type="error" showIcon message={ticket.error.message} />}
            <Button type="primary" data-testid="ticket-issue" loading={ticket.isPending} disabled={!activeChoice || ticket.isPending} onClick={() => ticket.mutate()}>
              {order.supplierOrder ? t("booking.orders.ticketing.issue") : t("booking.hotel.hold.confirm")}
            </Button>
          </>
        )}
      </Space>
    </Card>
  );
}

function ReshopDialog({ order, onClose, onDone }: { order: PlatformOrder; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const journeys = order.supplierOrder!.journeys;
  const passengers = order.supplierOrder!.passengers;
  // What the agent chose survives a reload (spec "Re-shopping"), for this booking only.
  const stored = reshoppingStore.get();
  const [dates, setDatesState] = useState<Record<string, string | undefined>>(stored.allbookingdetails === order.id ? stored.selectedArray : {});
  const setDates = (next: Record<string, string | undefined>) => {
    setDatesState(next);
    const selectedArray = Object.fromEntries(Object.entries(next).filter((entry): entry is [string, string] => entry[1] !== undefined));
    reshoppingStore.set({ allbookingdetails: order.id, segment: Object.keys(selectedArray), passenger: passengers.map((passenger) => passenger.paxId), selectedArray });
  };
  const [chosen, setChosen] = useState<PricedReshopOffer | null>(null);
  const [key] = useState(newIdempotencyKey);
  const options = useQuery({ queryKey: ["booking", "payment-options", "order", order.id], queryFn: () => bookingApi.paymentOptions(paymentReference(order)) });
  const changes = Object.entries(dates).flatMap(([paxJourneyID, departureDate]) => (departureDate ? [{ paxJourneyID, departureDate }] : []));
  const reshop = useMutation({ mutationFn: () => bookingApi.reshop(order.id, changes) });
  const creditMethod = options.data?.methods.find((method) => method.settlement === "credit");
  const change = useMutation({
    mutationFn: () => {
      const payment = chosen && chosen.amountDueLocal.amount > 0 && creditMethod ? { paymentMethodId: creditMethod.paymentMethodId, card: null } : null;
      return bookingApi.change(order.id, chosen!.reshopOfferId, payment, key);
    },
    onSuccess: () => {
      reshoppingStore.set(EMPTY_RESHOPPING);
      void message.success(t("booking.orders.reshop.done"));
      onDone();
      onClose();
    },
  });

  return (
    <Modal
      open
      width={820}
      title={t("booking.orders.reshop.title")}
      onCancel={onClose}
      okText={t("booking.orders.reshop.confirm")}
      okButtonProps={{ disabled: !chosen, loading: change.isPending, "data-testid": "reshop-confirm" } as ButtonProps}
      onOk={() => change.mutate()}
    >
      <Space direction="vertical" style={{ width: "100%" }}>
        {journeys.map((journey, index) => {
          const first = journey.segments[0]!;
          const last = journey.segments[journey.segments.length - 1]!;
          return (
            <Space key={journey.paxJourneyID} wrap>
              <Checkbox
                checked={dates[journey.paxJourneyID] !== undefined}
                onChange={(event) => setDates({ ...dates, [journey.paxJourneyID]: event.target.checked ? first.departure.dateTime.slice(0, 10) : undefined })}
                data-testid={`reshop-journey-${index}`}
              >
                {t("booking.orders.reshop.journey", { number: index + 1, route: `${first.departure.iataCode}→${last.arrival.iataCode} ${first.departure.dateTime.slice(0, 10)}` })}
              </Checkbox>
              {dates[journey.paxJourneyID] !== undefined && (
                <DatePicker
                  data-testid={`reshop-date-${index}`}
                  aria-label={t("booking.orders.reshop.newDate")}
                  format="YYYY-MM-DD"
                  value={dayjs(dates[journey.paxJourneyID])}
                  disabledDate={(day) => day.isBefore(dayjs(), "day")}
                  onChange={(day) => setDates({ ...dates, [journey.paxJourneyID]: day?.format("YYYY-MM-DD") })}
                />
              )}
            </Space>
          );
        })}
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{t("booking.orders.reshop.passengers")}</Typography.Text>
          <Space wrap>
            {passengers.map((passenger) => (
              <Checkbox key={passenger.paxId} checked disabled>
                {passenger.salutation} {passenger.firstName} {passenger.lastName}
              </Checkbox>
            ))}
          </Space>
          <Typography.Text type="secondary">{t("booking.orders.reshop.wholeBooking")}</Typography.Text>
        </Space>
        <Button data-testid="reshop-search" onClick={() => reshop.mutate()} loading={reshop.isPending} disabled={changes.length === 0}>
          {t("booking.orders.reshop.search")}
        </Button>
        {reshop.isError && <Alert type="error" showIcon message={reshop.error.message} />}
        {change.isError && <Alert type="error" showIcon message={change.error.message} />}
        {reshop.data && reshop.data.reshopOffers.length === 0 && <Empty description={t("booking.orders.reshop.none")} />}
        {reshop.data && reshop.data.reshopOffers.length > 0 && (
          <List
            dataSource={reshop.data.reshopOffers}
            renderItem={(offer, index) => (
              <List.Item
                data-testid={`reshop-offer-${index}`}
                style={{ background: chosen?.reshopOfferId === offer.reshopOfferId ? "#e6f4ff" : undefined, paddingInline: 8 }}
                actions={[
                  <Button key="choose" type={chosen?.reshopOfferId === offer.reshopOfferId ? "primary" : "default"} onClick={() => setChosen(offer)} data-testid={`reshop-choose-${index}`}>
                    {t("booking.orders.reshop.choose")}
                  </Button>,
                ]}
              >
                <Space direction="vertical" size={2}>
                  {offer.journeys.map((journey) => <JourneySummary key={journey.paxJourneyID} journey={journey} />)}
                  <Space wrap>
                    <span>{t("booking.orders.reshop.difference")}: <MoneyText money={offer.fareDifference} /></span>
                    <span>{t("booking.orders.reshop.penalty")}: <MoneyText money={offer.changePenalty} /></span>
                    {offer.amountDueLocal.amount > 0 && <strong>{t("booking.orders.reshop.due")}: <MoneyText money={offer.amountDueLocal} /></strong>}
                    {offer.amountRefundableLocal.amount > 0 && <strong>{t("booking.orders.reshop.refundable")}: <MoneyText money={offer.amountRefundableLocal} /></strong>}
                  </Space>
                </Space>
              </List.Item>
            )}
          />
        )}
      </Space>
    </Modal>
  );
}

function CancelDialog({ order, onClose, onDone }: { order: PlatformOrder; onClose: () => void; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [key] = useState(newIdempotencyKey);
  const quote = useQuery({ queryKey: ["booking", "cancel-quote", order.id, order.updatedAt], queryFn: () => bookingApi.cancelQuote(order.id), retry: false });
  const [addOnIds, setAddOnIds] = useState<number[]>([]);
  // A refunded ticket says what it refunds (its RFIC), chosen from the platform's list.
  const refundsTickets = order.supplierOrder !== null && quote.data?.quote.kind === "refund";
  const rficCodes = useQuery({ queryKey: ["reference", "rfic"], queryFn: bookingApi.rficCodes, staleTime: Infinity, enabled: refundsTickets });
  const [rfic, setRfic] = useState<Rfic>(DEFAULT_REFUND_RFIC);
  const [refundAs, setRefundAs] = useState<OrderCancelRequest["refundAs"]>("money");
  // Residual travel funds are kept from what a ticket refund gives back, for the travellers on the same airline.
  const residualPossible = refundsTickets && quote.data!.refundToAgency.amount > 0;
  const cancel = useMutation({
    mutationFn: () => bookingApi.cancel(order.id, key, { addOnItemIds: addOnIds, ...(refundsTickets ? { rfic } : {}), ...(residualPossible ? { refundAs } : {}) }),
    onSuccess: (cancelled) => {
      void message.success(t("booking.orders.cancel.done", { status: t(`booking.orders.statuses.${cancelled.status}`) }));
      onDone();
      onClose();
    },
  });
  return (
    <Modal
      open
      title={t("booking.orders.cancel.title")}
      onCancel={onClose}
      cancelText={t("booking.orders.cancel.keep")}
      okText={t("booking.orders.cancel.confirm")}
      okButtonProps={{ danger: true, disabled: !quote.data, loading: cancel.isPending, "data-testid": "cancel-confirm" } as ButtonProps}
      onOk={() => cancel.mutate()}
    >
      {quote.isPending && <Spin />}
      {quote.isError && <Alert type="error" showIcon message={quote.error.message} />}
      {cancel.isError && <Alert type="error" showIcon message={cancel.error.message} />}
      {quote.data && (
        <Descriptions column={1} size="small" bordered data-testid="cancel-quote">
          <Descriptions.Item label={t("booking.orders.status")}>{t(order.supplierOrder ? `booking.orders.cancel.kinds.${quote.data.quote.kind}` : `booking.hotel.cancel.${quote.data.quote.kind}`)}</Descriptions.Item>
          {/* The agency's amounts first, in its currency; the supplier's beside them. */}
          <Descriptions.Item label={t("booking.orders.cancel.paid")}><span data-testid="cancel-agency-paid"><MoneyText money={quote.data.agencyPaid} /></span></Descriptions.Item>
          <Descriptions.Item label={t("booking.orders.cancel.penalty")}><span data-testid="cancel-agency-penalty"><MoneyText money={quote.data.agencyPenalty} /></span></Descriptions.Item>
          <Descriptions.Item label={t("booking.orders.cancel.refund")}><MoneyText money={quote.data.refundToAgency} strong /></Descriptions.Item>
          {refundsTickets && (
            <Descriptions.Item label={<label htmlFor="cancel-rfic">{t("booking.orders.cancel.rfic")}</label>}>
              <Select<Rfic>
                id="cancel-rfic"
                data-testid="cancel-rfic"
                value={rfic}
                onChange={setRfic}
                loading={rficCodes.isPending}
                style={{ width: "100%" }}
                popupMatchSelectWidth={false}
                options={(rficCodes.data ?? []).map(({ code, description }) => ({ value: code, label: `${code} · ${t(`booking.orders.cancel.rfics.${code}`, { defaultValue: description })}` }))}
              />
            </Descriptions.Item>
          )}
          {residualPossible && (
            <Descriptions.Item label={t("booking.orders.cancel.refundAs")}>
              <Radio.Group value={refundAs} onChange={(event) => setRefundAs(event.target.value as OrderCancelRequest["refundAs"])} data-testid="cancel-refund-as">
                <Space direction="vertical">
                  <Radio value="money">{t("booking.orders.cancel.refundAsMoney")}</Radio>
                  <Radio value="residualFunds">{t("booking.orders.cancel.refundAsResidual", { airline: order.supplierOrder!.ownerCode })}</Radio>
                </Space>
              </Radio.Group>
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t("booking.orders.cancel.atSupplier")}>
            <Typography.Text type="secondary" data-testid="cancel-supplier-amounts">
              {t("booking.orders.cancel.supplierAmounts", {
                paid: formatMoney(quote.data.quote.amountPaid, i18n.language),
                penalty: formatMoney(quote.data.quote.penalty, i18n.language),
                nonRefundable: formatMoney(quote.data.quote.nonRefundable, i18n.language),
              })}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      )}
      {quote.data?.addOns.map((addOn) =>
        addOn.cancellable ? (
          <div key={addOn.itemId} style={{ marginTop: 12 }} data-testid={`cancel-add-on-${addOn.itemId}`}>
            <Checkbox
              checked={addOnIds.includes(addOn.itemId)}
              onChange={(event) => setAddOnIds((ids) => (event.target.checked ? [...ids, addOn.itemId] : ids.filter((id) => id !== addOn.itemId)))}
            >
              {t("booking.insurance.policy.alsoCancel", { reference: addOn.reference, refund: formatMoney(addOn.refund, i18n.language) })}
            </Checkbox>
          </div>
        ) : (
          <Typography.Paragraph key={addOn.itemId} type="secondary" style={{ marginTop: 12 }}>
            {t("booking.insurance.policy.cannotCancel", { reference: addOn.reference, reason: addOn.reason })}
          </Typography.Paragraph>
        ),
      )}
    </Modal>
  );
}

/** What a ticket refunded as residual value left for its travellers: each code, whose, on which airline, what is left and until when. */
function ResidualFunds({ order }: { order: PlatformOrder }) {
  const { t } = useTranslation();
  const funds = useQuery({ queryKey: ["booking", "order", order.id, "residual-funds", order.updatedAt], queryFn: () => bookingApi.residualFunds(order.id) });
  if (!funds.data || funds.data.length === 0) return null;
  return (
    <Card size="small" title={t("booking.orders.residualFunds.title")}>
      <Typography.Paragraph type="secondary">{t("booking.orders.residualFunds.explained")}</Typography.Paragraph>
      <Table<ResidualFund>
        data-testid="order-residual-funds"
        size="small"
        rowKey="code"
        pagination={false}
        scroll={{ x: true }}
        dataSource={funds.data}
        columns={[
          { title: t("booking.orders.residualFunds.code"), onCell: () => ({ style: { whiteSpace: "nowrap" } }), render: (_, fund) => <Typography.Text copyable dir="ltr">{fund.code}</Typography.Text> },
          { title: t("booking.orders.residualFunds.traveller"), dataIndex: "travellerName" },
          { title: t("booking.orders.residualFunds.airline"), dataIndex: "airline" },
          { title: t("booking.orders.residualFunds.left"), onCell: () => ({ style: { whiteSpace: "nowrap" } }), render: (_, fund) => <MoneyText money={fund.left} /> },
          { title: t("booking.orders.residualFunds.validUntil"), onCell: () => ({ style: { whiteSpace: "nowrap" } }), dataIndex: "validUntil" },
        ]}
      />
    </Card>
  );
}

function Ledger({ order }: { order: PlatformOrder }) {
  const { t } = useTranslation();
  const ledger = useQuery({ queryKey: ["booking", "order", order.id, "ledger", order.updatedAt], queryFn: () => bookingApi.orderLedger(order.id) });
  return (
    <Card size="small" title={t("booking.orders.ledger.title")}>
      <Table<LedgerEntry>
        data-testid="order-ledger"
        size="small"
        rowKey="id"
        pagination={false}
        loading={ledger.isPending}
        locale={{ emptyText: <EmptyState text={t("booking.orders.ledger.empty")} /> }}
        dataSource={ledger.data ?? []}
        columns={[
          { title: t("booking.orders.ledger.when"), render: (_, entry) => dayjs(entry.createdAt).format("MM-DD HH:mm") },
          { title: t("booking.orders.ledger.kind"), render: (_, entry) => t(`booking.orders.ledger.kinds.${entry.kind}`) },
          { title: t("booking.orders.ledger.account"), render: (_, entry) => t(entry.guaranteeId === null ? "booking.orders.ledger.creditLine" : "booking.orders.ledger.guarantee") },
          { title: t("booking.orders.ledger.amount"), align: "end", render: (_, entry) => <MoneyText money={{ amount: entry.kind === "debit" ? -entry.amount : entry.amount, currency: entry.currency }} /> },
          { title: t("booking.orders.ledger.reason"), render: (_, entry) => ledgerReasonLabel(t, entry) },
        ]}
      />
    </Card>
  );
}
