import { ReloadOutlined } from "@ant-design/icons";
import { useCan } from "@refinedev/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Alert, Button, Card, Col, Popconfirm, Result, Row, Space, Spin, Steps, Typography } from "antd";
import dayjs from "dayjs";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { BackArrow } from "../ui/BackArrow";
import { Link, useNavigate } from "react-router";
import type { Money } from "../../contract/money";
import type { PricedOffer } from "../../contract/shopping";
import { useStore } from "../../lib/createStore";
import { ApiRequestError } from "../../providers/ApiRequestError";
import { QUOTING_TOOL_RESOURCE } from "../../providers/accessControlProvider";
import { AncillariesPanel } from "../ancillaries/AncillariesPanel";
import { ancillaryTotals, toSelectedServices } from "../ancillaries/ancillarySelection";
import { bookingApi, newIdempotencyKey, offerReferenceOf } from "../api/bookingApi";
import "../i18n/bookingStrings";
import { PassengersForm, type PassengersFormHandle } from "../passengers/PassengersForm";
import { emptyContact, emptyPassengers, toOrderContact, toOrderPassengers } from "../passengers/passengerRules";
import { SeatMapDialog } from "../seatMap/SeatMapDialog";
import { seatTotals, toSelectedSeats } from "../state/ancillarySummary";
import { offerPriceStore, passengerDetailStore } from "../state/bookingStores";
import { checkoutProgressStore, clearCheckout, orderFormStore, selectedAncillariesStore, selectedSeatMapStore } from "../state/checkoutStores";
import { formatMoney } from "../ui/MoneyText";
import { InsuranceOffer, TotalWithInsurance, useInsuranceAddOn } from "../insurance/InsuranceOffer";
import { checkoutPassengers, seatedPassengers, travelDates } from "./checkoutPassengers";
import { checkoutSummary } from "./checkoutSummary";
import { orderAttemptFor } from "./orderAttempt";
import { EMPTY_CARD, PaymentPanel, cardTokenRequest, type CardDetails } from "./PaymentPanel";
import { activePaymentChoice, isCardMethod, offersVouchers, orderPayment, paymentChoiceStatus, type PaymentChoice } from "./paymentChoice";
import { useVoucher } from "./useVoucher";
import { ReviewCard } from "./ReviewCard";
import { ChargedCurrencyNote } from "../ui/displayCurrency";
import { SummaryCard } from "./SummaryCard";

const STEPS = ["extras", "passengers", "review"] as const;

const totalOf = (offer: PricedOffer): Money => ({ amount: offer.priceBreakdown.totals.total, currency: offer.priceBreakdown.currency });

/** /search/checkout: the offer chosen in the results, from the airline's price check to the order. */
export function CheckoutPage() {
  const { t } = useTranslation();
  const offer = useStore(passengerDetailStore).data?.response;
  if (!offer) {
    return (
      <Result
        status="info"
        title={t("booking.checkout.noOffer")}
        extra={<Link to="/search"><Button type="primary">{t("booking.checkout.backToSearch")}</Button></Link>}
      />
    );
  }
  return <Checkout offer={offer} />;
}

function Checkout({ offer }: { offer: PricedOffer }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const progress = useStore(checkoutProgressStore);
  const priced = useStore(offerPriceStore).response;
  const isPricedHere = priced?.pricedOffer.offerId === offer.offerId;

  const reprice = useQuery({
    queryKey: ["booking", "offer-price", offer.offerId],
    queryFn: () => bookingApi.offerPrice(offerReferenceOf(offer), totalOf(offer)),
    enabled: !isPricedHere,
    retry: false,
    staleTime: Infinity,
  });
  useEffect(() => {
    if (reprice.data) offerPriceStore.set({ response: reprice.data });
  }, [reprice.data]);

  const startOver = () => {
    clearCheckout();
    navigate("/search");
  };

  const header = (
    <Space style={{ width: "100%", justifyContent: "space-between" }} wrap>
      <Typography.Title level={3} style={{ margin: 0 }}>{t("booking.checkout.title")}</Typography.Title>
      <Popconfirm title={t("booking.checkout.startOverConfirm")} onConfirm={startOver}>
        <Button data-testid="start-over" icon={<ReloadOutlined />}>{t("booking.checkout.startOver")}</Button>
      </Popconfirm>
    </Space>
  );

  if (!isPricedHere) {
    if (reprice.isError) {
      const expired = reprice.error instanceof ApiRequestError && reprice.error.code === "offer_expired";
      return (
        <Space direction="vertical" style={{ width: "100%" }}>
          {header}
          <Result
            status="warning"
            title={expired ? t("booking.checkout.offerExpired") : t("booking.checkout.repriceFailed")}
            subTitle={expired ? undefined : reprice.error.message}
            extra={[
              !expired && <Button key="retry" onClick={() => void reprice.refetch()}>{t("booking.checkout.retry")}</Button>,
              <Button key="search" type="primary" onClick={startOver}>{t("booking.checkout.backToSearch")}</Button>,
            ]}
          />
        </Space>
      );
    }
    return (
      <Space direction="vertical" style={{ width: "100%" }}>
        {header}
        <Spin tip={t("booking.checkout.repricing")}><div style={{ minHeight: 200 }} /></Spin>
      </Space>
    );
  }

  const pricedOffer = priced.pricedOffer;
  if (priced.priceChanged && !progress.priceChangeAccepted) {
    return (
      <Space direction="vertical" style={{ width: "100%" }}>
        {header}
        <Alert
          type="warning"
          showIcon
          data-testid="price-changed"
          message={t("booking.checkout.priceChanged")}
          description={
            <Space direction="vertical">
              <span>
                {t("booking.checkout.priceChangedDetail", {
                  before: formatMoney(totalOf(offer), i18n.language),
                  after: formatMoney(totalOf(pricedOffer), i18n.language),
                })}
              </span>
              <Space>
                <Button type="primary" data-testid="accept-price" onClick={() => checkoutProgressStore.set((current) => ({ ...current, priceChangeAccepted: true }))}>
                  {t("booking.checkout.acceptPrice")}
                </Button>
                <Button onClick={startOver}>{t("booking.checkout.backToSearch")}</Button>
              </Space>
            </Space>
          }
        />
      </Space>
    );
  }
  return <CheckoutSteps offer={pricedOffer} header={header} />;
}

function CheckoutSteps({ offer, header }: { offer: PricedOffer; header: React.ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: canSeeBreakdown } = useCan({ resource: QUOTING_TOOL_RESOURCE, action: "list" });
  const progress = useStore(checkoutProgressStore);
  const orderForm = useStore(orderFormStore);
  const ancillaries = useStore(selectedAncillariesStore);
  const seats = useStore(selectedSeatMapStore);
  const [seatMapOpen, setSeatMapOpen] = useState(false);
  const [choice, setChoice] = useState<PaymentChoice | null>(null);
  const [card, setCard] = useState<CardDetails>(EMPTY_CARD);
  const [passengerErrors, setPassengerErrors] = useState(false);
  const passengersForm = useRef<PassengersFormHandle>(null);

  const formValue = useMemo(
    () => orderForm.form ?? { passengers: emptyPassengers(offer), contact: emptyContact() },
    [orderForm.form, offer],
  );
  const names = useMemo(
    () => new Map(formValue.passengers.map((passenger) => [passenger.paxId, `${passenger.firstName ?? ""} ${passenger.lastName ?? ""}`])),
    [formValue.passengers],
  );
  const passengers = checkoutPassengers(offer, names, (type) => t(`booking.checkout.paxTypes.${type}`));
  const local = offer.priceBreakdown.currency;
  const summary = checkoutSummary(offer, { services: ancillaryTotals(ancillaries, offer).local, seats: seatTotals(seats, local).local });

  const paymentOptions = useQuery({
    queryKey: ["booking", "payment-options", offer.offerId],
    queryFn: () => bookingApi.paymentOptions(offerReferenceOf(offer)),
    enabled: progress.step === 2,
  });
  const options = paymentOptions.data;
  const { offer: insuranceOffer, added: addedInsurance, payable } = useInsuranceAddOn(summary.grandTotal, choice?.kind === "hold");
  // The flight's airline and travellers let their residual travel funds be offered, once the travellers are named (the payment step).
  const voucher = useVoucher(
    { airline: offer.ownerCode, travellers: formValue.passengers.map((passenger) => `${passenger.firstName ?? ""} ${passenger.lastName ?? ""}`.trim()).filter((name) => name !== "") },
    { offer: progress.step === 2 && offersVouchers(options) },
  );
  const activeChoice = options ? activePaymentChoice(options, choice, payable, voucher.applied) : null;

  const setStep = (step: number) => {
    checkoutProgressStore.set((current) => ({ ...current, step }));
    window.scrollTo({ top: 0 });
  };

  const placeOrder = useMutation({
    mutationFn: async () => {
      if (!options || !activeChoice) throw new Error(t("booking.checkout.noPaymentMethods"));
      const orderPassengers = toOrderPassengers(formValue.passengers, travelDates(offer));
      const contact = toOrderContact(formValue.contact);
      if (!orderPassengers.ok || !contact.ok) {
        setStep(1);
        throw new Error(t("booking.checkout.fixPassengers"));
      }
      let cardPayment: { holderName: string; token: string } | null = null;
      if (isCardMethod(options, activeChoice)) {
        const request = cardTokenRequest(card);
        if (!request) throw new Error(t("booking.checkout.card.incomplete"));
        const token = await bookingApi.cardToken(request);
        cardPayment = { holderName: request.holderName, token: token.token };
      }
      const body = {
        ...offerReferenceOf(offer),
        passengers: orderPassengers.value,
        contact: contact.value,
        selectedServices: toSelectedServices(ancillaries),
        selectedSeats: toSelectedSeats(seats),
        ...orderPayment(activeChoice, cardPayment, voucher.applied),
        ...(addedInsurance && activeChoice.kind !== "hold" ? { insurance: addedInsurance.selection } : {}),
      };
      // A card is tokenised afresh each time; the key follows what is ordered without the token.
      const attempt = orderAttemptFor(checkoutProgressStore.get().attempt, { ...body, payment: body.payment && { ...body.payment, card: card.number.slice(-4) } }, newIdempotencyKey);
      checkoutProgressStore.set((current) => ({ ...current, attempt }));
      return bookingApi.createOrder(body, attempt.key);
    },
    onSuccess: (order) => {
      clearCheckout();
      navigate(`/search/confirmation/${order.id}`);
    },
  });

  const goToReview = () => {
    const valid = passengersForm.current?.validateAll() ?? false;
    setPassengerErrors(!valid);
    if (valid) setStep(2);
  };

  const choiceStatus = options && activeChoice ? paymentChoiceStatus(options, activeChoice, payable, voucher.applied) : null;
  const trip = travelDates(offer);
  const arrival = offer.journeys[0]!.segments.at(-1)!.arrival.iataCode;

  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      {header}
      <ChargedCurrencyNote charged={local} />
      {offer.priceGuaranteeExpiresAt && (
        <Typography.Text type="secondary" data-testid="price-guarantee">
          {t("booking.checkout.priceConfirmed", { time: dayjs(offer.priceGuaranteeExpiresAt).format("HH:mm") })}
        </Typography.Text>
      )}
      <Steps
        current={progress.step}
        onChange={(step) => step < progress.step && setStep(step)}
        items={STEPS.map((step) => ({ title: t(`booking.checkout.steps.${step}`) }))}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={15}>
          {progress.step === 0 && (
            <Space direction="vertical" style={{ width: "100%" }}>
              <AncillariesPanel offer={offer} passengers={passengers} value={ancillaries} onChange={selectedAncillariesStore.set} />
              <Card size="small" title={t("booking.checkout.seats")}>
                <Space wrap>
                  <Button data-testid="open-seat-map" onClick={() => setSeatMapOpen(true)}>{t("booking.checkout.chooseSeats")}</Button>
                  <Typography.Text data-testid="seats-chosen">{t("booking.checkout.seatsChosen", { count: toSelectedSeats(seats).length })}</Typography.Text>
                  {offer.fareBrand.seatSelectionIncluded && <Typography.Text type="secondary">{t("booking.checkout.seatsIncluded")}</Typography.Text>}
                </Space>
              </Card>
              <SeatMapDialog
                open={seatMapOpen}
                onClose={() => setSeatMapOpen(false)}
                offer={offer}
                passengers={seatedPassengers(passengers)}
                value={seats}
                onChange={selectedSeatMapStore.set}
              />
              <Button type="primary" data-testid="checkout-next" onClick={() => setStep(1)}>{t("booking.checkout.next")}</Button>
            </Space>
          )}
          {progress.step === 1 && (
            <Space direction="vertical" style={{ width: "100%" }}>
              {passengerErrors && <Alert type="error" showIcon message={t("booking.checkout.fixPassengers")} data-testid="passenger-errors" />}
              <PassengersForm
                ref={passengersForm}
                offer={offer}
                travelDates={travelDates(offer)}
                value={formValue}
                onChange={(form) => orderFormStore.set((current) => ({ ...current, form }))}
                onValidityChange={(isPaxValid) => orderFormStore.set((current) => (current.isPaxValid === isPaxValid ? current : { ...current, isPaxValid }))}
              />
              <Space>
                <Button icon={<BackArrow />} onClick={() => setStep(0)}>{t("booking.checkout.back")}</Button>
                <Button type="primary" data-testid="checkout-next" onClick={goToReview}>{t("booking.checkout.next")}</Button>
              </Space>
            </Space>
          )}
          {progress.step === 2 && (
            <Space direction="vertical" style={{ width: "100%" }}>
              <ReviewCard offer={offer} form={formValue} />
              <InsuranceOffer
                destination={{ airport: arrival }}
                departureDate={trip.first}
                returnDate={offer.journeys.length > 1 ? trip.last : null}
                travellers={formValue.passengers.map((passenger) => ({ title: passenger.title, firstName: passenger.firstName ?? "", lastName: passenger.lastName ?? "", dateOfBirth: passenger.dateOfBirth }))}
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
                    onChoice={(next) => {
                      setChoice(next);
                      orderFormStore.set((current) => ({ ...current, isBookAndHold: next.kind === "hold" }));
                    }}
                    card={card}
                    onCard={setCard}
                    voucher={voucher}
                  />
                  {placeOrder.isError && (
                    <Alert type="error" showIcon data-testid="order-error" message={t("booking.checkout.orderFailed")} description={placeOrder.error.message} />
                  )}
                  <Space>
                    <Button icon={<BackArrow />} onClick={() => setStep(1)} disabled={placeOrder.isPending}>{t("booking.checkout.back")}</Button>
                    <Button
                      type="primary"
                      size="large"
                      data-testid="place-order"
                      loading={placeOrder.isPending}
                      disabled={!choiceStatus?.usable || placeOrder.isPending}
                      onClick={() => placeOrder.mutate()}
                    >
                      {placeOrder.isPending
                        ? t("booking.checkout.placing")
                        : activeChoice?.kind === "hold"
                          ? t("booking.checkout.placeHold")
                          : t("booking.checkout.placeOrder")}
                    </Button>
                  </Space>
                </Space>
              </Card>
            </Space>
          )}
        </Col>
        <Col xs={24} lg={9}>
          <div style={{ position: "sticky", top: 80 }}>
            <SummaryCard
              summary={summary}
              showBreakdown={canSeeBreakdown?.can === true}
              insurance={addedInsurance && { amount: addedInsurance.quote.price.total, currency: addedInsurance.quote.price.currency }}
              total={payable}
            />
          </div>
        </Col>
      </Row>
    </Space>
  );
}
