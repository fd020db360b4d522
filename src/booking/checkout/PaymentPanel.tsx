import { Alert, Card, Col, Form, Input, InputNumber, Radio, Row, Space, Spin, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { Money } from "../../contract/money";
import type { CardTokenRequest, PaymentOptions } from "../api/bookingApi";
import { MoneyText } from "../ui/MoneyText";
import { ForwardArrow } from "../ui/ForwardArrow";
import { agencyRuleNotice, isCardMethod, leftAfter, paymentChoiceStatus, restToPay, type PaymentChoice, type PaymentChoiceStatus } from "./paymentChoice";
import type { VoucherState } from "./useVoucher";
import { VoucherEntry, type VoucherKinds } from "./VoucherEntry";

const RESIDUAL_FUNDS_METHOD_ID = 10;

export interface CardDetails {
  holderName: string;
  number: string;
  expiryMonth: number | null;
  expiryYear: number | null;
  cvv: string;
}

export const EMPTY_CARD: CardDetails = { holderName: "", number: "", expiryMonth: null, expiryYear: null, cvv: "" };

/** The card as the gateway's token call wants it, or null while a field is missing. */
export function cardTokenRequest(card: CardDetails): CardTokenRequest | null {
  if (!card.holderName.trim() || !card.number.trim() || !card.cvv || card.expiryMonth === null || card.expiryYear === null) return null;
  return { holderName: card.holderName, number: card.number, cvv: card.cvv, expiryMonth: card.expiryMonth, expiryYear: card.expiryYear };
}

const choiceKey = (choice: PaymentChoice) => (choice.kind === "hold" ? "hold" : `method-${choice.paymentMethodId}`);

/** What a method does to the account it is settled on: the credit or guarantee left after it, or why it cannot pay. */
function MethodExplained({ settlement, status, options, total }: { settlement: PaymentOptions["methods"][number]["settlement"]; status: PaymentChoiceStatus; options: PaymentOptions; total: Money }) {
  const { t } = useTranslation();
  if (!status.usable && status.reason !== "notOffered") {
    if ("available" in status) return <>{t(`booking.checkout.${status.reason}`)} <MoneyText money={status.available} /></>;
    return t(`booking.checkout.${status.reason}`);
  }
  if (settlement === "card") return t("booking.checkout.cardExplained");
  if (settlement === "bsp" || settlement === "bspCard" || settlement === "receipt" || settlement === "hosted" || settlement === "voucher") return t(`booking.checkout.${settlement}Explained`);
  if (!status.usable) return null;
  const available = settlement === "guarantee" ? options.availableGuarantee : options.availableCredit;
  const left = leftAfter(available, total);
  if (available === null || left === null) return t("booking.checkout.unlimitedCredit");
  return <>{t(settlement === "guarantee" ? "booking.checkout.guaranteeLeft" : "booking.checkout.creditLeft")} <MoneyText money={available} /><ForwardArrow /><MoneyText money={left} /></>;
}

interface PaymentPanelProps {
  options: PaymentOptions | undefined;
  loading: boolean;
  error: boolean;
  total: Money;
  choice: PaymentChoice | null;
  onChoice: (choice: PaymentChoice) => void;
  card: CardDetails;
  onCard: (card: CardDetails) => void;
  /** What book and hold means for this product (a flight's by default). */
  holdExplained?: string;
  /** The e-voucher applied at checkout of a new booking, when E-voucher is offered; absent when paying an existing booking. */
  voucher?: VoucherState;
}

/**
 * The payment methods the server allows for this offer (the organisation's pay_options filtered
 * by the payment rules), deposit with the credit it leaves, book and hold, and the card form.
 */
export function PaymentPanel({ options, loading, error, total, choice, onChoice, card, onCard, holdExplained, voucher }: PaymentPanelProps) {
  const { t } = useTranslation();
  if (loading) return <Spin />;
  if (error || !options) return <Alert type="error" showIcon message={t("booking.checkout.paymentOptionsFailed")} />;
  if (options.methods.length === 0 && !options.bookAndHold) {
    return <Alert type="warning" showIcon message={t("booking.checkout.noPaymentMethods")} />;
  }

  const choices: PaymentChoice[] = [
    // A voucher pays new bookings only: without one to apply here, E-voucher is no choice.
    ...options.methods.filter((method) => voucher !== undefined || method.settlement !== "voucher").map((method): PaymentChoice => ({ kind: "method", paymentMethodId: method.paymentMethodId })),
    ...(options.bookAndHold ? [{ kind: "hold" } as const] : []),
  ];
  const notice = agencyRuleNotice(options, total);
  const applied = voucher?.applied ?? null;
  const voucherMethods = voucher === undefined ? [] : options.methods.filter((method) => method.settlement === "voucher").map((method) => method.paymentMethodId);
  const voucherKinds: VoucherKinds = voucherMethods.length > 1 ? "both" : voucherMethods[0] === RESIDUAL_FUNDS_METHOD_ID ? "residual" : "voucher";

  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      {notice && (
        <Alert
          type={notice.overCap ? "warning" : "info"}
          showIcon
          data-testid="agency-rule"
          message={t("booking.checkout.agencyRule.title", { name: notice.ruleName })}
          description={
            <Space direction="vertical" size={0}>
              {notice.restrictions.map((restriction) =>
                restriction === "cap" ? (
                  <span key={restriction}>{t("booking.checkout.agencyRule.cap")} <MoneyText money={notice.cap!} /></span>
                ) : (
                  <span key={restriction}>{t(`booking.checkout.agencyRule.${restriction}`)}</span>
                ),
              )}
              {notice.overCap && <strong>{t("booking.checkout.agencyRule.overCap")}</strong>}
            </Space>
          }
        />
      )}
      {voucher && voucherMethods.length > 0 && <VoucherEntry voucher={voucher} total={total} kinds={voucherKinds} />}
      <Radio.Group
        value={choice ? choiceKey(choice) : undefined}
        onChange={(event) => onChoice(choices.find((entry) => choiceKey(entry) === event.target.value)!)}
        data-testid="payment-methods"
        style={{ width: "100%" }}
      >
        <Space direction="vertical" style={{ width: "100%" }}>
          {choices.map((entry) => {
            const status = paymentChoiceStatus(options, entry, total, applied);
            const method = entry.kind === "method" ? options.methods.find((item) => item.paymentMethodId === entry.paymentMethodId) : undefined;
            return (
              <Radio key={choiceKey(entry)} value={choiceKey(entry)} disabled={!status.usable} data-testid={`payment-${choiceKey(entry)}`}>
                <Space direction="vertical" size={0}>
                  <strong>{method ? t(`booking.checkout.methods.${method.paymentMethodId}`, { defaultValue: method.option }) : t("booking.checkout.bookAndHold")}</strong>
                  <Typography.Text type="secondary">
                    {entry.kind === "hold" ? (!status.usable && status.reason === "notWithVoucher" ? t("booking.checkout.voucher.noHold") : (holdExplained ?? t("booking.checkout.holdExplained"))) : method && <MethodExplained settlement={method.settlement} status={status} options={options} total={restToPay(total, applied)} />}
                  </Typography.Text>
                </Space>
              </Radio>
            );
          })}
        </Space>
      </Radio.Group>

      {choice && isCardMethod(options, choice) && (
        <Card size="small" title={t("booking.checkout.card.title")} data-testid="card-form">
          <Form layout="vertical" component="div">
            <Row gutter={12}>
              <Col xs={24} md={12}>
                <Form.Item label={t("booking.checkout.card.holderName")} htmlFor="card-holder">
                  <Input id="card-holder" autoComplete="cc-name" value={card.holderName} onChange={(event) => onCard({ ...card, holderName: event.target.value })} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item label={t("booking.checkout.card.number")} htmlFor="card-number">
                  <Input
                    id="card-number"
                    autoComplete="cc-number"
                    inputMode="numeric"
                    dir="ltr"
                    value={card.number}
                    onChange={(event) => onCard({ ...card, number: event.target.value.replace(/[^\d ]/g, "") })}
                  />
                </Form.Item>
              </Col>
              <Col xs={8} md={6}>
                <Form.Item label={t("booking.checkout.card.expiryMonth")} htmlFor="card-month">
                  <InputNumber id="card-month" min={1} max={12} precision={0} value={card.expiryMonth} onChange={(value) => onCard({ ...card, expiryMonth: value })} style={{ width: "100%" }} />
                </Form.Item>
              </Col>
              <Col xs={8} md={6}>
                <Form.Item label={t("booking.checkout.card.expiryYear")} htmlFor="card-year">
                  <InputNumber id="card-year" min={2000} max={2100} precision={0} value={card.expiryYear} onChange={(value) => onCard({ ...card, expiryYear: value })} style={{ width: "100%" }} />
                </Form.Item>
              </Col>
              <Col xs={8} md={6}>
                <Form.Item label={t("booking.checkout.card.cvv")} htmlFor="card-cvv">
                  <Input.Password id="card-cvv" autoComplete="cc-csc" inputMode="numeric" maxLength={4} value={card.cvv} onChange={(event) => onCard({ ...card, cvv: event.target.value.replace(/\D/g, "") })} />
                </Form.Item>
              </Col>
            </Row>
          </Form>
          <Typography.Text type="secondary">{t("booking.checkout.card.tokenised")}</Typography.Text>
        </Card>
      )}
    </Space>
  );
}
