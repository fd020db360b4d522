import { ReloadOutlined } from "@ant-design/icons";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Alert, Button, Card, Col, Descriptions, Form, Input, Result, Row, Space, Spin, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { HotelGuest, PricedHotelRate } from "../../contract/hotels";
import { TITLES_BY_PASSENGER_TYPE } from "../../contract/travellerTitle";
import { TitleField } from "../ui/travellerName";
import { useStore } from "../../lib/createStore";
import "../i18n/bookingStrings";
import { bookingApi, newIdempotencyKey } from "../api/bookingApi";
import { ContactCard } from "../checkout/ContactCard";
import { EMPTY_CARD, PaymentPanel, cardTokenRequest, type CardDetails } from "../checkout/PaymentPanel";
import { orderAttemptFor, type OrderAttempt } from "../checkout/orderAttempt";
import { activePaymentChoice, isCardMethod, offersVouchers, orderPayment, paymentChoiceStatus, type PaymentChoice } from "../checkout/paymentChoice";
import { useVoucher } from "../checkout/useVoucher";
import { MoneyText } from "../ui/MoneyText";
import { InsuranceOffer, TotalWithInsurance, useInsuranceAddOn } from "../insurance/InsuranceOffer";
import { CancellationTerms } from "./CancellationTerms";
import { hotelPagePath, nightsOf } from "./hotelSearchParams";
import { hotelSelectionStore, type HotelSelection } from "./hotelSelection";
import { canHold } from "./roomChoice";
import { ChargedCurrencyNote } from "../ui/displayCurrency";
import { whenValid } from "../checkout/whenValid";
import { PERSON_NAME_PATTERN } from "../../contract/personName";

interface GuestValues {
  /** Asked, never defaulted. */
  title?: HotelGuest["title"];
  firstName: string;
  lastName: string;
}

interface CheckoutValues {
  rooms: { guests: GuestValues[]; specialRequests: string }[];
  email: string;
  phone: string;
}

/** Empty guests for each room: its adults (the lead first), then its children, whose ages the search fixed. */
const emptyRooms = (rates: readonly PricedHotelRate[]): CheckoutValues["rooms"] =>
  rates.map((rate) => ({
    guests: [
      ...Array.from({ length: rate.occupancy.adults }, () => ({ firstName: "", lastName: "" })),
      ...rate.occupancy.childAges.map(() => ({ firstName: "", lastName: "" })),
    ],
    specialRequests: "",
  }));

/** Hotel checkout: the rates checked again (a new price must be accepted), the guests, then payment and the booking. */
export function HotelCheckoutPage() {
  const { t } = useTranslation();
  const selection = useStore(hotelSelectionStore);
  if (!selection) {
    return <Result status="info" title={t("booking.hotel.checkout.nothingChosen")} extra={<Link to="/search?product=hotels"><Button type="primary">{t("booking.hotel.results.newSearch")}</Button></Link>} />;
  }
  return <Checkout selection={selection} />;
}

function Checkout({ selection }: { selection: HotelSelection }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<CheckoutValues>();
  const [accepted, setAccepted] = useState(() => ({ amount: selection.rates.reduce((sum, rate) => sum + rate.price.total, 0), currency: selection.rates[0]!.price.currency }));
  const [choice, setChoice] = useState<PaymentChoice | null>(null);
  const [card, setCard] = useState<CardDetails>(EMPTY_CARD);
  const [attempt, setAttempt] = useState<OrderAttempt | null>(null);
  const rateKeys = selection.rates.map((rate) => rate.rateKey);
  const recheck = useQuery({
    queryKey: ["hotel", "recheck", rateKeys],
    queryFn: () => bookingApi.recheckHotel(selection.supplierId, rateKeys, accepted),
    retry: false,
    staleTime: Infinity,
  });
  const paymentOptions = useQuery({ queryKey: ["hotel", "payment-options", selection.supplierId], queryFn: () => bookingApi.paymentOptions({ product: "hotel", supplierId: selection.supplierId }) });
  const rates = recheck.data?.rates ?? selection.rates;
  const total = recheck.data?.total ?? accepted;
  const priceChanged = recheck.data !== undefined && (recheck.data.total.amount !== accepted.amount || recheck.data.total.currency !== accepted.currency);
  const holdable = canHold(rates, new Date());
  const options = paymentOptions.data && { ...paymentOptions.data, bookAndHold: paymentOptions.data.bookAndHold && holdable };
  const { offer: insuranceOffer, added: addedInsurance, payable } = useInsuranceAddOn(total, choice?.kind === "hold");
  const voucher = useVoucher({}, { offer: offersVouchers(options) });
  const activeChoice = options ? activePaymentChoice(options, choice, payable, voucher.applied) : null;
  const choiceStatus = options && activeChoice ? paymentChoiceStatus(options, activeChoice, payable, voucher.applied) : null;
  const guests = (Form.useWatch("rooms", form) ?? emptyRooms(selection.rates)).flatMap((room) => room.guests.map((guest) => ({ title: guest.title, firstName: guest.firstName, lastName: guest.lastName })));
  const nights = nightsOf(selection.stay.checkIn, selection.stay.checkOut);

  const book = useMutation({
    mutationFn: async (values: CheckoutValues) => {
      if (!options || !activeChoice) throw new Error(t("booking.checkout.noPaymentMethods"));
      let cardPayment: { holderName: string; token: string } | null = null;
      if (isCardMethod(options, activeChoice)) {
        const request = cardTokenRequest(card);
        if (!request) throw new Error(t("booking.checkout.card.incomplete"));
        cardPayment = { holderName: request.holderName, token: (await bookingApi.cardToken(request)).token };
      }
      const body = {
        supplierId: selection.supplierId,
        rooms: rates.map((rate, index) => ({
          rateKey: rate.rateKey,
          // The form requires each title before it submits.
          guests: values.rooms[index]!.guests.map((guest, position) => ({ ...guest, title: guest.title!, ...(position >= rate.occupancy.adults ? { age: rate.occupancy.childAges[position - rate.occupancy.adults] } : {}) })),
          specialRequests: values.rooms[index]!.specialRequests ?? "",
        })),
        contact: { email: values.email, phone: values.phone },
        expectedTotal: total,
        ...orderPayment(activeChoice, cardPayment, voucher.applied),
        ...(addedInsurance && activeChoice.kind !== "hold" ? { insurance: addedInsurance.selection } : {}),
      };
      // A retry of the same booking reuses its key; the card token is fresh each time, so it is left out of the fingerprint.
      const next = orderAttemptFor(attempt, { ...body, payment: body.payment && { ...body.payment, card: card.number.slice(-4) } }, newIdempotencyKey);
      setAttempt(next);
      return bookingApi.bookHotel(body, next.key);
    },
    onSuccess: (order) => {
      hotelSelectionStore.set(null);
      navigate(`/search/confirmation/${order.id}`);
    },
  });

  if (recheck.isError) {
    return (
      <Result
        status="warning"
        title={t("booking.hotel.checkout.rateGone")}
        subTitle={recheck.error.message}
        extra={[
          <Link key="again" to={hotelPagePath(selection.hotel.hotelCode, { ...selection.stay, cityId: selection.hotel.cityId })}><Button type="primary">{t("booking.hotel.checkout.chooseAgain")}</Button></Link>,
          <Button key="retry" icon={<ReloadOutlined />} onClick={() => void recheck.refetch()}>{t("booking.hotel.results.retry")}</Button>,
        ]}
      />
    );
  }

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={15}>
        <Space direction="vertical" style={{ width: "100%" }}>
          <Typography.Title level={3} style={{ margin: 0 }}>{t("booking.hotel.checkout.title")}</Typography.Title>
          <ChargedCurrencyNote charged={accepted.currency} />
          {recheck.isPending && <Spin tip={t("booking.hotel.checkout.rechecking")}><div style={{ height: 40 }} /></Spin>}
          {priceChanged && (
            <Alert
              type="warning"
              showIcon
              data-testid="hotel-price-changed"
              message={t("booking.hotel.checkout.priceChanged")}
              description={<Space wrap><span>{t("booking.hotel.checkout.was")} <MoneyText money={accepted} /></span><span>{t("booking.hotel.checkout.now")} <MoneyText money={recheck.data!.total} strong /></span></Space>}
              action={<Button onClick={() => setAccepted(recheck.data!.total)} data-testid="hotel-accept-price">{t("booking.hotel.checkout.acceptPrice")}</Button>}
            />
          )}
          <Form form={form} layout="vertical" initialValues={{ rooms: emptyRooms(selection.rates), email: "", phone: "" }} requiredMark data-testid="hotel-guests-form">
            {rates.map((rate, roomIndex) => (
              // Keyed by the room, not the rate key: the recheck issues new keys, and the guests typed meanwhile must stay.
              <Card key={roomIndex} size="small" style={{ marginBottom: 12 }} title={t("booking.hotel.checkout.roomGuests", { number: roomIndex + 1, room: rate.roomName, board: t(`booking.hotel.boards.${rate.boardBasis}`) })}>
                {[...Array(rate.occupancy.adults + rate.occupancy.childAges.length).keys()].map((position) => {
                  const child = position >= rate.occupancy.adults;
                  const label = position === 0 ? t("booking.hotel.checkout.leadGuest") : child ? t("booking.hotel.checkout.child", { age: rate.occupancy.childAges[position - rate.occupancy.adults] }) : t("booking.hotel.checkout.adult", { number: position + 1 });
                  const field = (name: keyof GuestValues) => ["rooms", roomIndex, "guests", position, name];
                  const nameRules = [
                    { required: true, message: t("booking.hotel.checkout.nameRequired") },
                    { pattern: PERSON_NAME_PATTERN, message: t("booking.hotel.checkout.lettersOnly") },
                    { max: 40, message: t("booking.hotel.checkout.nameTooLong") },
                  ];
                  return (
                    <Row key={position} gutter={8} data-testid={`hotel-guest-${roomIndex}-${position}`}>
                      <Col xs={24}><Typography.Text strong>{label}</Typography.Text></Col>
                      <Col xs={8} md={4}>
                        <TitleField name={field("title")} titles={TITLES_BY_PASSENGER_TYPE[child ? "CHD" : "ADT"]} testId={`hotel-guest-${roomIndex}-${position}-title`} />
                      </Col>
                      <Col xs={16} md={10}>
                        <Form.Item name={field("firstName")} label={t("booking.hotel.checkout.firstName")} rules={nameRules}>
                          <Input autoComplete="off" />
                        </Form.Item>
                      </Col>
                      <Col xs={24} md={10}>
                        <Form.Item name={field("lastName")} label={t("booking.hotel.checkout.lastName")} rules={nameRules}>
                          <Input autoComplete="off" />
                        </Form.Item>
                      </Col>
                    </Row>
                  );
                })}
                <Form.Item name={["rooms", roomIndex, "specialRequests"]} label={t("booking.hotel.checkout.specialRequests")} extra={t("booking.hotel.checkout.specialRequestsHint")} rules={[{ max: 300 }]}>
                  <Input.TextArea rows={2} maxLength={300} />
                </Form.Item>
              </Card>
            ))}
            <ContactCard title={t("booking.hotel.checkout.contact")} />
          </Form>
          <InsuranceOffer
            destination={{ country: selection.hotel.countryCode }}
            departureDate={selection.stay.checkIn}
            returnDate={selection.stay.checkOut}
            travellers={guests}
            {...insuranceOffer}
          />
          <Card title={t("booking.checkout.payment")}>
            <Space direction="vertical" style={{ width: "100%" }}>
              {addedInsurance && <TotalWithInsurance payable={payable} />}
              <PaymentPanel
                options={options}
                loading={paymentOptions.isPending}
                error={paymentOptions.isError}
                total={payable}
                choice={activeChoice}
                onChoice={setChoice}
                card={card}
                onCard={setCard}
                holdExplained={t("booking.hotel.checkout.holdExplained")}
                voucher={voucher}
              />
              {!holdable && paymentOptions.data?.bookAndHold && <Typography.Text type="secondary">{t("booking.hotel.checkout.noHold")}</Typography.Text>}
              {book.isError && <Alert type="error" showIcon data-testid="order-error" message={t("booking.checkout.orderFailed")} description={book.error.message} />}
              <Button
                type="primary"
                size="large"
                data-testid="place-order"
                loading={book.isPending}
                disabled={!choiceStatus?.usable || book.isPending || recheck.isPending || priceChanged}
                onClick={() => void whenValid(form, book.mutate)}
              >
                {activeChoice?.kind === "hold" ? t("booking.checkout.placeHold") : t("booking.hotel.checkout.book")}
              </Button>
            </Space>
          </Card>
        </Space>
      </Col>
      <Col xs={24} lg={9}>
        <Card title={selection.hotel.name} style={{ position: "sticky", top: 80 }} data-testid="hotel-summary">
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t("booking.hotel.checkout.checkIn")}>{selection.stay.checkIn}</Descriptions.Item>
            <Descriptions.Item label={t("booking.hotel.checkout.checkOut")}>{selection.stay.checkOut}</Descriptions.Item>
            <Descriptions.Item label={t("booking.hotel.checkout.nights")}>{nights}</Descriptions.Item>
            {rates.map((rate, index) => (
              <Descriptions.Item key={rate.rateKey} label={t("booking.hotel.search.room", { number: index + 1 })}>
                <Space direction="vertical" size={0}>
                  <span>{rate.roomName} · {t(`booking.hotel.boards.${rate.boardBasis}`)}</span>
                  <MoneyText money={{ amount: rate.price.total, currency: rate.price.currency }} />
                  <CancellationTerms policy={rate.agencyCancellationPolicy} />
                  {rate.payAtProperty.amount > 0 && <Typography.Text type="secondary">{t("booking.hotel.checkout.payAtProperty")} <MoneyText money={rate.payAtProperty} /></Typography.Text>}
                </Space>
              </Descriptions.Item>
            ))}
            <Descriptions.Item label={t("booking.hotel.checkout.total")}><MoneyText money={total} strong /></Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
    </Row>
  );
}
