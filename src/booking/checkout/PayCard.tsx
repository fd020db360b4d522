import type { UseMutationResult } from "@tanstack/react-query";
import { Alert, Button, Card, Space, type FormInstance } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PaymentPanel } from "./PaymentPanel";
import type { usePaidCheckout } from "./usePaidCheckout";
import { whenValid } from "./whenValid";

/**
 * The payment card of a product paid at once: the methods, what went wrong with the last attempt
 * (the server's message, or `failure` when the page says it better), and the button that books.
 */
export function PayCard<Values>({ checkout, form, booking, label, failure, children }: {
  checkout: ReturnType<typeof usePaidCheckout>;
  /** The booking's form: its values go to `booking` once every field is valid. */
  form: FormInstance<Values>;
  booking: UseMutationResult<unknown, Error, Values>;
  label: string;
  /** What to show instead of the plain failure, when the page knows better (a price that moved). */
  failure?: ReactNode;
  /** Above the methods: the total, what to fix first. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card title={t("booking.checkout.payment")}>
      <Space direction="vertical" style={{ width: "100%" }}>
        {children}
        <PaymentPanel {...checkout.panel} />
        {booking.isError && (failure ?? <Alert type="error" showIcon data-testid="order-error" message={t("booking.checkout.orderFailed")} description={booking.error.message} />)}
        <Button type="primary" size="large" data-testid="place-order" loading={booking.isPending} disabled={!checkout.usable || booking.isPending} onClick={() => void whenValid(form, booking.mutate)}>
          {label}
        </Button>
      </Space>
    </Card>
  );
}
