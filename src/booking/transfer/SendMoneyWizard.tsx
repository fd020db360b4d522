import { useMutation, useQuery } from "@tanstack/react-query";
import { Alert, Button, Card, Col, Descriptions, Empty, Form, Input, InputNumber, List, Radio, Row, Select, Space, Statistic, Steps, Tag, Typography } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { parseMajorToMinor } from "../../contract/money";
import type { Beneficiary, Remitter, TransferQuote } from "../../contract/moneyTransfer";
import { recipientDetailProblems, type FieldProblem } from "../../contract/transferChecks";
import { bookingApi, newIdempotencyKey } from "../api/bookingApi";
import { formatMoney, MoneyText } from "../ui/MoneyText";
import { BeneficiaryForm, payoutDetail, RemitterForm } from "./TransferPeople";
import { transferPath } from "./transferPaths";

const idExpired = (remitter: Remitter) => remitter.idExpiry < dayjs().format("YYYY-MM-DD");

/** The money to send: remitter, beneficiary, amount and a quote held ten minutes, then review and pay from the agency's credit. */
export function SendMoneyWizard() {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [remitter, setRemitter] = useState<Remitter | null>(null);
  const [beneficiary, setBeneficiary] = useState<Beneficiary | null>(null);
  const [quote, setQuote] = useState<TransferQuote | null>(null);
  const steps = ["remitter", "beneficiary", "amount", "review"].map((key) => ({ title: t(`booking.transfer.steps.${key}`) }));
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Steps current={step} items={steps} size="small" responsive />
      {step === 0 && <RemitterStep onChosen={(chosen) => { setRemitter(chosen); setBeneficiary(null); setQuote(null); setStep(1); }} />}
      {step === 1 && remitter && <BeneficiaryStep remitter={remitter} onBack={() => setStep(0)} onChosen={(chosen) => { setBeneficiary(chosen); setQuote(null); setStep(2); }} />}
      {step === 2 && remitter && beneficiary && <AmountStep remitter={remitter} beneficiary={beneficiary} quote={quote} onQuote={setQuote} onBack={() => setStep(1)} onNext={() => setStep(3)} />}
      {step === 3 && remitter && beneficiary && quote && <ReviewStep remitter={remitter} beneficiary={beneficiary} quote={quote} onBack={() => setStep(2)} />}
    </Space>
  );
}

function RemitterStep({ onChosen }: { onChosen: (remitter: Remitter) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const [editing, setEditing] = useState<Remitter | "new" | null>(null);
  const found = useQuery({ queryKey: ["dmt", "remitters", search], queryFn: () => bookingApi.remitters(search), enabled: search.trim().length >= 2 });
  if (editing) {
    return (
      <Card title={editing === "new" ? t("booking.transfer.remitter.new") : t("booking.transfer.remitter.edit")}>
        <RemitterForm remitter={editing === "new" ? undefined : editing} onCancel={() => setEditing(null)} onSaved={(saved) => { setEditing(null); if (!idExpired(saved)) onChosen(saved); }} />
      </Card>
    );
  }
  return (
    <Card>
      <Space direction="vertical" style={{ width: "100%" }}>
        <Space wrap style={{ width: "100%" }}>
          <Input.Search allowClear placeholder={t("booking.transfer.remitter.search")} aria-label={t("booking.transfer.remitter.search")} onSearch={setSearch} style={{ minWidth: 280 }} data-testid="remitter-search" />
          <Button type="primary" onClick={() => setEditing("new")} data-testid="remitter-new">{t("booking.transfer.remitter.new")}</Button>
        </Space>
        {search.trim().length >= 2 && (
          <List
            loading={found.isPending}
            dataSource={found.data ?? []}
            locale={{ emptyText: <Empty description={t("booking.transfer.remitter.none")} /> }}
            renderItem={(remitter) => (
              <List.Item
                data-testid={`remitter-${remitter.id}`}
                actions={[
                  idExpired(remitter) ? (
                    <Button key="edit" onClick={() => setEditing(remitter)}>{t("booking.transfer.remitter.edit")}</Button>
                  ) : (
                    <Button key="choose" type="primary" disabled={remitter.screening !== "clear"} onClick={() => onChosen(remitter)}>{t("booking.transfer.remitter.choose")}</Button>
                  ),
                ]}
              >
                <List.Item.Meta
                  title={`${remitter.firstName} ${remitter.lastName}`}
                  description={
                    <Space wrap size={4}>
                      <span>{t(`booking.transfer.idTypes.${remitter.idType}`)} <bdi>{remitter.idNumber}</bdi></span>
                      <bdi>{remitter.phone}</bdi>
                      {idExpired(remitter) && <Tag color="red">{t("booking.transfer.remitter.idExpired")}</Tag>}
                      {remitter.screening !== "clear" && <Tag color="orange">{t(`booking.transfer.screening.${remitter.screening}`)}</Tag>}
                    </Space>
                  }
                />
              </List.Item>
            )}
          />
        )}
      </Space>
    </Card>
  );
}

function BeneficiaryStep({ remitter, onBack, onChosen }: { remitter: Remitter; onBack: () => void; onChosen: (beneficiary: Beneficiary) => void }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const beneficiaries = useQuery({ queryKey: ["dmt", "beneficiaries", remitter.id], queryFn: () => bookingApi.beneficiaries(remitter.id) });
  const title = `${t("booking.transfer.steps.beneficiary")} · ${remitter.firstName} ${remitter.lastName}`;
  if (adding) {
    return (
      <Card title={`${t("booking.transfer.beneficiary.new")} · ${remitter.firstName} ${remitter.lastName}`}>
        <BeneficiaryForm remitterId={remitter.id} onCancel={() => setAdding(false)} onSaved={(saved) => { setAdding(false); void beneficiaries.refetch(); if (saved.screening === "clear") onChosen(saved); }} />
      </Card>
    );
  }
  return (
    <Card title={title} extra={<Button type="primary" onClick={() => setAdding(true)} data-testid="beneficiary-new">{t("booking.transfer.beneficiary.new")}</Button>}>
      <List
        loading={beneficiaries.isPending}
        dataSource={beneficiaries.data ?? []}
        locale={{ emptyText: <Empty description={t("booking.transfer.beneficiary.none")} /> }}
        renderItem={(beneficiary) => (
          <List.Item
            data-testid={`beneficiary-${beneficiary.id}`}
            actions={[<Button key="choose" type="primary" disabled={beneficiary.screening !== "clear"} onClick={() => onChosen(beneficiary)}>{t("booking.transfer.beneficiary.choose")}</Button>]}
          >
            <List.Item.Meta
              title={`${beneficiary.firstName} ${beneficiary.lastName}`}
              description={
                <Space wrap size={4}>
                  <Tag>{beneficiary.country}</Tag>
                  <span>{t(`booking.transfer.payoutMethods.${beneficiary.payoutMethod}`)}</span>
                  <bdi>{payoutDetail(beneficiary)}</bdi>
                  {beneficiary.screening !== "clear" && <Tag color="orange">{t(`booking.transfer.screening.${beneficiary.screening}`)}</Tag>}
                </Space>
              }
            />
          </List.Item>
        )}
      />
      <Button onClick={onBack} style={{ marginTop: 12 }}>{t("booking.checkout.back")}</Button>
    </Card>
  );
}

/** The quote's figures, as the remitter is told them. */
export function QuoteFigures({ quote }: { quote: Pick<TransferQuote, "rate" | "sendAmount" | "fee" | "totalToPay" | "receiveAmount"> }) {
  const { t } = useTranslation();
  return (
    <Descriptions column={1} size="small" bordered data-testid="quote-figures">
      <Descriptions.Item label={t("booking.transfer.quote.rate")}><bdi>{t("booking.transfer.quote.rateValue", { send: quote.sendAmount.currency, rate: quote.rate, receive: quote.receiveAmount.currency })}</bdi></Descriptions.Item>
      <Descriptions.Item label={t("booking.transfer.quote.sendAmount")}><MoneyText money={quote.sendAmount} /></Descriptions.Item>
      <Descriptions.Item label={t("booking.transfer.quote.fee")}><MoneyText money={quote.fee} /></Descriptions.Item>
      <Descriptions.Item label={t("booking.transfer.quote.total")}><span data-testid="quote-total"><MoneyText money={quote.totalToPay} strong /></span></Descriptions.Item>
      <Descriptions.Item label={t("booking.transfer.quote.received")}><span data-testid="quote-received"><MoneyText money={quote.receiveAmount} strong /></span></Descriptions.Item>
    </Descriptions>
  );
}

function AmountStep({ remitter, beneficiary, quote, onQuote, onBack, onNext }: { remitter: Remitter; beneficiary: Beneficiary; quote: TransferQuote | null; onQuote: (quote: TransferQuote | null) => void; onBack: () => void; onNext: () => void }) {
  const { t } = useTranslation();
  const brands = useQuery({ queryKey: ["dmt", "brands", beneficiary.country, beneficiary.payoutMethod], queryFn: () => bookingApi.dmtBrands({ receiveCountry: beneficiary.country, payoutMethod: beneficiary.payoutMethod }) });
  const [brandCode, setBrandCode] = useState<string | undefined>();
  const [amountOf, setAmountOf] = useState<"send" | "receive">("send");
  const [amount, setAmount] = useState<string | null>(null);
  const [, setTick] = useState(0);
  const brand = brands.data?.find((candidate) => candidate.code === brandCode) ?? brands.data?.[0];
  const corridor = brand?.corridors[0];
  const currency = corridor ? (amountOf === "send" ? corridor.sendCurrency : corridor.receiveCurrency) : "";
  const request = useMutation({
    mutationFn: () => {
      const minor = parseMajorToMinor(amount ?? "", currency);
      return bookingApi.quoteTransfer({ brandCode: brand!.code, remitterId: remitter.id, beneficiaryId: beneficiary.id, ...(amountOf === "send" ? { sendAmount: minor } : { receiveAmount: minor }) });
    },
    onSuccess: onQuote,
  });
  const expired = quote !== null && dayjs(quote.expiresAt).isBefore(dayjs());
  return (
    <Card title={`${beneficiary.firstName} ${beneficiary.lastName} · ${beneficiary.country} · ${t(`booking.transfer.payoutMethods.${beneficiary.payoutMethod}`)}`}>
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={12}>
          {brands.data?.length === 0 && <Alert type="warning" showIcon message={t("booking.transfer.quote.noBrand")} />}
          <Form layout="vertical" onFinish={() => request.mutate()}>
            <Form.Item label={t("booking.transfer.quote.brand")} htmlFor="quote-brand">
              <Select id="quote-brand" value={brand?.code} onChange={(code: string) => { setBrandCode(code); onQuote(null); }} loading={brands.isPending} options={(brands.data ?? []).map((candidate) => ({ value: candidate.code, label: candidate.name }))} data-testid="quote-brand" />
            </Form.Item>
            <Form.Item label={t("booking.transfer.quote.amountOf")}>
              <Radio.Group value={amountOf} onChange={(event) => { setAmountOf(event.target.value as "send" | "receive"); onQuote(null); }} optionType="button"
                options={[{ value: "send", label: t("booking.transfer.quote.send") }, { value: "receive", label: t("booking.transfer.quote.receive") }]} />
            </Form.Item>
            <Form.Item label={`${t("booking.transfer.quote.amount")} (${currency})`} required>
              <InputNumber<string> stringMode min="0" value={amount} onChange={setAmount} style={{ width: "100%" }} aria-label={t("booking.transfer.quote.amount")} data-testid="quote-amount" />
            </Form.Item>
            {request.isError && <Alert type="error" showIcon message={request.error.message} style={{ marginBottom: 12 }} data-testid="quote-error" />}
            <Space>
              <Button onClick={onBack}>{t("booking.checkout.back")}</Button>
              <Button htmlType="submit" type={quote && !expired ? "default" : "primary"} loading={request.isPending} disabled={!brand || !amount} data-testid="quote-get">{t("booking.transfer.quote.get")}</Button>
            </Space>
          </Form>
        </Col>
        <Col xs={24} lg={12}>
          {quote && (
            <Space direction="vertical" style={{ width: "100%" }}>
              <QuoteFigures quote={quote} />
              {expired ? (
                <Alert type="warning" showIcon message={t("booking.transfer.quote.expired")} data-testid="quote-expired" />
              ) : (
                <Statistic.Countdown title={t("booking.transfer.quote.heldFor")} value={dayjs(quote.expiresAt).valueOf()} format="mm:ss" onFinish={() => setTick((tick) => tick + 1)} data-testid="quote-countdown" />
              )}
              <Button type="primary" disabled={expired} onClick={onNext} data-testid="quote-continue">{t("booking.transfer.quote.continue")}</Button>
            </Space>
          )}
        </Col>
      </Row>
    </Card>
  );
}

function ReviewStep({ remitter, beneficiary, quote, onBack }: { remitter: Remitter; beneficiary: Beneficiary; quote: TransferQuote; onBack: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [key] = useState(newIdempotencyKey);
  const [purpose, setPurpose] = useState("");
  const [recipientDetails, setRecipientDetails] = useState<Record<string, string>>({});
  const detailProblems = recipientDetailProblems(quote.recipientFields, recipientDetails);
  const brands = useQuery({ queryKey: ["dmt", "brands", beneficiary.country, beneficiary.payoutMethod], queryFn: () => bookingApi.dmtBrands({ receiveCountry: beneficiary.country, payoutMethod: beneficiary.payoutMethod }) });
  const partner = brands.data?.find((brand) => brand.code === quote.brandCode)?.partner;
  const options = useQuery({ queryKey: ["booking", "payment-options", "transfer", partner], queryFn: () => bookingApi.paymentOptions({ product: "transfer", supplierId: partner! }), enabled: partner !== undefined });
  const credit = options.data?.methods.find((method) => method.settlement === "credit");
  const send = useMutation({
    mutationFn: () => bookingApi.sendTransfer({ quoteId: quote.id, payment: { paymentMethodId: credit!.paymentMethodId, card: null }, purpose, recipientDetails }, key),
    onSuccess: (order) => navigate(transferPath(order.items[0]!.transfer!.transferId)),
  });
  const expired = dayjs(quote.expiresAt).isBefore(dayjs());
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <Card title={t("booking.transfer.steps.review")}>
          <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t("booking.transfer.transfers.remitter")}><span>{remitter.firstName} {remitter.lastName} · {t(`booking.transfer.idTypes.${remitter.idType}`)} <bdi>{remitter.idNumber}</bdi></span></Descriptions.Item>
            <Descriptions.Item label={t("booking.transfer.transfers.beneficiary")}>{beneficiary.firstName} {beneficiary.lastName} · {beneficiary.country}</Descriptions.Item>
            <Descriptions.Item label={t("booking.transfer.review.payout")}><span>{t(`booking.transfer.payoutMethods.${beneficiary.payoutMethod}`)} <bdi>{payoutDetail(beneficiary)}</bdi></span></Descriptions.Item>
            <Descriptions.Item label={t("booking.transfer.quote.brand")}>{quote.brandName}</Descriptions.Item>
          </Descriptions>
          <QuoteFigures quote={quote} />
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card title={t("booking.checkout.payment")}>
          <Space direction="vertical" style={{ width: "100%" }}>
            <Form layout="vertical">
              <Form.Item label={t("booking.transfer.review.purpose")} htmlFor="transfer-purpose" required help={purpose.trim() === "" ? t("booking.transfer.review.purposeRequired") : undefined}>
                <Input id="transfer-purpose" value={purpose} maxLength={80} onChange={(event) => setPurpose(event.target.value)} data-testid="transfer-purpose" />
              </Form.Item>
              <RecipientDetails quote={quote} values={recipientDetails} problems={detailProblems} onChange={setRecipientDetails} />
            </Form>
            {options.data && (
              <Typography.Text>
                {t("booking.transfer.review.credit")}: {options.data.availableCredit ? <MoneyText money={options.data.availableCredit} /> : t("booking.transfer.review.unlimited")}
              </Typography.Text>
            )}
            {options.data && !credit && <Alert type="warning" showIcon message={t("booking.transfer.review.noCredit")} />}
            {expired && <Alert type="warning" showIcon message={t("booking.transfer.quote.expired")} />}
            {send.isError && <Alert type="error" showIcon message={send.error.message} data-testid="transfer-error" />}
            <Space wrap>
              <Button onClick={onBack}>{t("booking.checkout.back")}</Button>
              <Button type="primary" size="large" loading={send.isPending} disabled={!credit || expired || purpose.trim() === "" || detailProblems.length > 0 || send.isPending} onClick={() => send.mutate()} data-testid="transfer-send">
                {t("booking.transfer.review.pay", { amount: formatMoney(quote.totalToPay, i18n.language) })}
              </Button>
            </Space>
          </Space>
        </Card>
      </Col>
    </Row>
  );
}

/**
 * The details of the recipient's account the partner asks for beyond the beneficiary's record
 * (Wise's requirements for the currency), named and checked as the partner gives them.
 */
function RecipientDetails({ quote, values, problems, onChange }: { quote: TransferQuote; values: Record<string, string>; problems: readonly FieldProblem[]; onChange: (values: Record<string, string>) => void }) {
  const { t } = useTranslation();
  if (quote.recipientFields.length === 0) return null;
  const set = (key: string, value: string) => onChange({ ...values, [key]: value });
  return (
    <fieldset data-testid="recipient-details" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <legend style={{ fontWeight: 600, fontSize: 14, marginBottom: 4, border: 0 }}>{t("booking.transfer.review.partnerDetails", { brand: quote.brandName })}</legend>
      <Typography.Paragraph type="secondary">{t("booking.transfer.review.partnerDetailsHint")}</Typography.Paragraph>
      {quote.recipientFields.map((field) => {
        const id = `recipient-${field.key.replace(/[^A-Za-z0-9]/g, "-")}`;
        const wrong = (values[field.key] ?? "") !== "" && problems.some((problem) => problem.field === `recipientDetails.${field.key}`);
        return (
          <Form.Item
            key={field.key}
            label={<bdi>{field.label}</bdi>}
            htmlFor={id}
            required={field.required}
            validateStatus={wrong ? "error" : undefined}
            help={wrong ? t("booking.transfer.review.detailInvalid", { example: field.example }) : undefined}
            extra={!wrong && field.example ? <span>{t("booking.transfer.review.detailExample")} <bdi>{field.example}</bdi></span> : undefined}
          >
            {field.options.length > 0 ? (
              <Select id={id} value={values[field.key]} onChange={(value: string) => set(field.key, value)} options={field.options} showSearch optionFilterProp="label" data-testid={id} />
            ) : (
              <Input id={id} value={values[field.key] ?? ""} maxLength={field.maxLength ?? 200} onChange={(event) => set(field.key, event.target.value)} dir="auto" data-testid={id} />
            )}
          </Form.Item>
        );
      })}
    </fieldset>
  );
}
