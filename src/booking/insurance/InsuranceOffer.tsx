import { SafetyCertificateOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Alert, Card, Checkbox, Col, Collapse, DatePicker, Row, Select, Space, Spin, Typography } from "antd";
import dayjs from "dayjs";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { InsuranceSelection, PricedInsuranceQuote } from "../../contract/insurance";
import type { Money } from "../../contract/money";
import { bookingApi } from "../api/bookingApi";
import { MoneyText } from "../ui/MoneyText";
import { PolicyCoverage, PolicyDocuments } from "./PolicyCoverage";
import type { Title } from "../../contract/travellerTitle";

const ISO_DATE = "YYYY-MM-DD";

/**
 * Insurance at a checkout: what the offer reports, the policy added (none with a hold: a policy
 * is sold with a paid booking) and the total to pay with it.
 */
export function useInsuranceAddOn(total: Money, holding: boolean) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<InsuranceChoice | null>(null);
  const added = holding ? null : choice;
  return {
    offer: { onChange: setChoice, unavailable: holding ? t("booking.insurance.offer.notWithHold") : null },
    added,
    payable: added ? { amount: total.amount + added.quote.price.total, currency: total.currency } : total,
  };
}

/** The total with the policy added, shown above the payment methods. */
export function TotalWithInsurance({ payable }: { payable: Money }) {
  const { t } = useTranslation();
  return (
    <Space style={{ width: "100%", justifyContent: "space-between" }} data-testid="total-with-insurance">
      <span>{t("booking.insurance.offer.totalWithInsurance")}</span>
      <MoneyText money={payable} strong />
    </Space>
  );
}

/** A policy chosen at checkout: the quote (for its price) and what the booking request carries. */
export interface InsuranceChoice {
  readonly quote: PricedInsuranceQuote;
  readonly selection: InsuranceSelection;
}

export interface OfferTraveller {
  /** The passenger's or guest's title, required by its own form before the order is placed. */
  readonly title?: Title;
  readonly firstName: string;
  readonly lastName: string;
  /** Known from the passenger form for a flight; asked here for a hotel's guests. */
  readonly dateOfBirth?: string;
}

interface InsuranceOfferProps {
  /** Where the trip goes: a country, or the airport a flight lands at. */
  readonly destination: { country: string } | { airport: string };
  readonly departureDate: string;
  /** The trip's last day; null for a one-way flight, whose return the agent is asked for. */
  readonly returnDate: string | null;
  readonly travellers: readonly OfferTraveller[];
  readonly onChange: (choice: InsuranceChoice | null) => void;
  /** Why insurance cannot be added now (a hold), or null. */
  readonly unavailable: string | null;
}

/**
 * Travel insurance offered at flight and hotel checkout, pre-filled from the trip: ticked, it
 * quotes every plan for the travellers and adds the chosen one to the same order, paid with it.
 */
export function InsuranceOffer({ destination, departureDate, returnDate, travellers, onChange, unavailable }: InsuranceOfferProps) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const [coverUntil, setCoverUntil] = useState<string | null>(returnDate);
  const [births, setBirths] = useState<(string | undefined)[]>(() => travellers.map((traveller) => traveller.dateOfBirth));
  const [plan, setPlan] = useState<string | null>(null);
  const dateOfBirths = travellers.map((traveller, index) => traveller.dateOfBirth ?? births[index]);
  const complete = dateOfBirths.every((birth): birth is string => birth !== undefined);
  const request = {
    ...("country" in destination ? { destination: destination.country } : { destinationAirport: destination.airport }),
    departureDate,
    returnDate: coverUntil === null || coverUntil < departureDate ? departureDate : coverUntil,
    travellers: complete ? dateOfBirths.map((dateOfBirth) => ({ dateOfBirth })) : [],
  };
  const active = wanted && unavailable === null;
  const quotes = useQuery({ queryKey: ["insurance", "offer", request], queryFn: () => bookingApi.quoteInsurance(request), enabled: active && complete && coverUntil !== null, retry: false, staleTime: 10 * 60_000 });
  const offers = quotes.data?.quotes ?? [];
  const chosen = offers.find((quote) => quote.plan === plan) ?? offers[0];

  const names = travellers.map((traveller) => `${traveller.title ?? ""}|${traveller.firstName}|${traveller.lastName}`).join(",");
  useEffect(() => {
    if (!active || !chosen) {
      onChange(null);
      return;
    }
    onChange({
      quote: chosen,
      selection: {
        supplierId: chosen.supplierId,
        quoteKey: chosen.quoteKey,
        expectedTotal: { amount: chosen.price.total, currency: chosen.price.currency },
        // Until the form around names everyone, a title is missing and the order's own check says so beside the field.
        insured: chosen.travellers.map((traveller, index) => ({ title: travellers[index]?.title as Title, firstName: travellers[index]?.firstName ?? "", lastName: travellers[index]?.lastName ?? "", dateOfBirth: traveller.dateOfBirth })),
      },
    });
    // Keyed by the quote and the names' text: a new array of the same travellers changes nothing.
  }, [active, chosen?.quoteKey, names]);

  return (
    <Card size="small" title={<Space><SafetyCertificateOutlined />{t("booking.insurance.offer.title")}</Space>} data-testid="insurance-offer">
      <Space direction="vertical" style={{ width: "100%" }}>
        {/* With a hold the box is unticked, and the text beside it says why. */}
        <Checkbox checked={active} disabled={unavailable !== null} onChange={(event) => setWanted(event.target.checked)} data-testid="insurance-offer-add">
          {t("booking.insurance.offer.add")}
        </Checkbox>
        {unavailable !== null ? <Typography.Text type="secondary">{unavailable}</Typography.Text> : <Typography.Text type="secondary">{t("booking.insurance.offer.hint")}</Typography.Text>}
        {active && (
          <>
            <Row gutter={8}>
              {travellers.some((traveller) => traveller.dateOfBirth === undefined) && (
                <Col xs={24}>
                  <Typography.Text strong>{t("booking.insurance.offer.birthNeeded")}</Typography.Text>
                  <Space wrap style={{ display: "flex", marginTop: 4 }}>
                    {travellers.map((traveller, index) =>
                      traveller.dateOfBirth === undefined ? (
                        // Each box keeps its traveller's name above it, typed in or not.
                        <Space key={index} direction="vertical" size={2}>
                          <Typography.Text id={`insurance-offer-birth-${index}-label`}>{`${traveller.firstName} ${traveller.lastName}`.trim() || t("booking.insurance.search.traveller", { number: index + 1 })}</Typography.Text>
                          <DatePicker
                            data-testid={`insurance-offer-birth-${index}`}
                            format={ISO_DATE}
                            placeholder={ISO_DATE}
                            aria-label={t("booking.insurance.offer.birthOf", { name: `${traveller.firstName} ${traveller.lastName}`.trim() || t("booking.insurance.search.traveller", { number: index + 1 }) })}
                            value={births[index] ? dayjs(births[index]) : null}
                            disabledDate={(day) => day.isAfter(dayjs(), "day")}
                            onChange={(day) => setBirths((current) => current.map((birth, position) => (position === index ? day?.format(ISO_DATE) : birth)))}
                          />
                        </Space>
                      ) : null,
                    )}
                  </Space>
                </Col>
              )}
              <Col xs={24} md={12}>
                <Typography.Text>{t("booking.insurance.policy.period")}</Typography.Text>
                <DatePicker.RangePicker
                  style={{ width: "100%" }}
                  format={ISO_DATE}
                  disabled={[true, false]}
                  allowEmpty={[false, true]}
                  value={[dayjs(departureDate), coverUntil === null ? null : dayjs(request.returnDate)]}
                  disabledDate={(day) => day.isBefore(dayjs(departureDate), "day")}
                  onChange={(range) => setCoverUntil(range?.[1] ? range[1].format(ISO_DATE) : null)}
                  data-testid="insurance-offer-period"
                />
                {coverUntil === null && <Typography.Text type="warning" data-testid="insurance-offer-return-needed">{t("booking.insurance.offer.returnNeeded")}</Typography.Text>}
              </Col>
              <Col xs={24} md={12}>
                <Typography.Text>{t("booking.insurance.offer.plan")}</Typography.Text>
                <Select
                  style={{ width: "100%" }}
                  data-testid="insurance-offer-plan"
                  loading={quotes.isFetching}
                  value={chosen?.plan}
                  onChange={setPlan}
                  options={offers.map((quote) => ({ value: quote.plan, label: `${quote.planName} (${quote.plan})` }))}
                  optionRender={(option) => {
                    const quote = offers.find((candidate) => candidate.plan === option.value)!;
                    return <Space style={{ width: "100%", justifyContent: "space-between" }}><span>{option.label}</span><MoneyText money={{ amount: quote.price.total, currency: quote.price.currency }} /></Space>;
                  }}
                />
              </Col>
            </Row>
            {quotes.isFetching && !quotes.data && <Spin tip={t("booking.insurance.offer.quoting")}><div style={{ height: 32 }} /></Spin>}
            {quotes.isError && <Alert type="warning" showIcon message={t("booking.insurance.offer.failed", { message: quotes.error.message })} />}
            {quotes.data && offers.length === 0 && <Alert type="info" showIcon message={t("booking.insurance.offer.none")} />}
            {chosen && (
              <>
                <Space style={{ width: "100%", justifyContent: "space-between" }} wrap>
                  <Typography.Text type="secondary">{chosen.supplierName} · {t("booking.insurance.days", { count: chosen.days })}</Typography.Text>
                  <span data-testid="insurance-offer-price"><MoneyText money={{ amount: chosen.price.total, currency: chosen.price.currency }} strong /></span>
                </Space>
                <PolicyDocuments quote={chosen} />
                <Collapse size="small" items={[{ key: "coverage", label: t("booking.insurance.quotes.coverage"), children: <PolicyCoverage quote={chosen} /> }]} />
              </>
            )}
          </>
        )}
      </Space>
    </Card>
  );
}
