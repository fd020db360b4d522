import { useQuery } from "@tanstack/react-query";
import { Button, Result, Spin } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import type { HostedPayment } from "../../contract/hostedPayments";
import { MENU_SECTION_CONFIG } from "../../config/menuSections";
import { bookingApi } from "../api/bookingApi";
import "../i18n/bookingStrings";

/** How often the page asks again while a paid booking is being made. */
const BOOKING_POLL_MS = 2_000;

const failureTitle: Partial<Record<HostedPayment["status"], string>> = {
  declined: "booking.checkout.cardPage.declined",
  refunded: "booking.checkout.cardPage.refunded",
  expired: "booking.checkout.cardPage.expired",
};

/**
 * Where Checkout.com's hosted payments page sends the agent back: the payment is confirmed with the
 * server (which asks Checkout.com, never this page's address), then the booking's confirmation is
 * shown; a payment given up or declined says so, with the way back to the card page while it is open.
 */
export function CardPageReturnPage() {
  const navigate = useNavigate();
  const id = useParams().hostedPaymentId ?? "";
  const [search] = useSearchParams();
  const paymentId = search.get("cko-payment-id") ?? undefined;
  const settled = useQuery({
    queryKey: ["booking", "hosted-payment", id],
    queryFn: () => bookingApi.completeHostedPayment(id, paymentId),
    // While the paid booking is being made (by this call or the gateway's webhook), ask again.
    refetchInterval: (query) => (query.state.data?.status === "claimed" ? BOOKING_POLL_MS : false),
    retry: false,
  });
  const payment = settled.data;

  useEffect(() => {
    if (payment?.status === "used" && payment.orderId !== null) void navigate(`${MENU_SECTION_CONFIG.search.route}/confirmation/${payment.orderId}`, { replace: true });
  }, [payment, navigate]);

  return (
    <div data-testid="card-page-result">
      <CardPageOutcome payment={payment} error={settled.isError ? settled.error : null} onRetry={() => void settled.refetch()} />
    </div>
  );
}

/** Where the payment stands, in words, with what the agent can do next. */
function CardPageOutcome({ payment, error, onRetry }: { payment: HostedPayment | undefined; error: Error | null; onRetry: () => void }) {
  const { t } = useTranslation();
  const newSearch = (
    <Link to={MENU_SECTION_CONFIG.search.route} key="search">
      <Button>{t("booking.checkout.cardPage.newSearch")}</Button>
    </Link>
  );
  if (error) {
    const retry = (
      <Button key="retry" type="primary" onClick={onRetry}>
        {t("booking.checkout.cardPage.tryAgain")}
      </Button>
    );
    return <Result status="error" title={t("booking.checkout.cardPage.failed")} subTitle={<span dir="auto">{error.message}</span>} extra={[retry, newSearch]} />;
  }
  if (!payment || payment.status === "used") return <Result icon={<Spin />} title={t("booking.checkout.cardPage.settling")} />;
  if (payment.status === "claimed") return <Result icon={<Spin />} title={t("booking.checkout.cardPage.booking")} />;
  if (payment.status === "open") {
    const back = (
      <Button key="back" type="primary" href={payment.redirectUrl}>
        {t("booking.checkout.cardPage.backToCardPage")}
      </Button>
    );
    // A card declined on the page says the issuer's words; the page takes another card while it is open.
    const subTitle = (
      <>
        {payment.failure && <span dir="auto" style={{ display: "block" }}>{payment.failure}</span>}
        {t("booking.checkout.cardPage.notPaidHint")}
      </>
    );
    return <Result status="warning" title={t("booking.checkout.cardPage.notPaid")} subTitle={subTitle} extra={[back, newSearch]} />;
  }
  return <Result status="error" title={t(failureTitle[payment.status] ?? "booking.checkout.cardPage.failed")} subTitle={<span dir="auto">{payment.failure}</span>} extra={[newSearch]} />;
}
