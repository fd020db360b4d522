import { Alert, Button, Card, Input, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Money } from "../../contract/money";
import { MoneyText } from "../ui/MoneyText";
import { restToPay, voucherShare } from "./paymentChoice";
import type { VoucherState } from "./useVoucher";

/** Which codes the box takes: e-vouchers (7), residual travel funds (10), or both. */
export type VoucherKinds = "voucher" | "residual" | "both";

/**
 * E-voucher and residual travel funds at checkout: the agent types the code, the server says what it can still pay, and the
 * panel shows what it pays of this booking and what is left to pay another way.
 */
export function VoucherEntry({ voucher, total, kinds }: { voucher: VoucherState; total: Money; kinds: VoucherKinds }) {
  const { t } = useTranslation();
  const [code, setCode] = useState("");
  const applied = voucher.applied;
  return (
    <Card size="small" title={t(`booking.checkout.voucher.title.${kinds}`)} data-testid="voucher">
      {applied ? (
        <Space direction="vertical" size={4} style={{ width: "100%" }}>
          <Typography.Text>
            {applied.residual
              ? t("booking.checkout.voucher.appliedResidual", { code: applied.code, traveller: applied.residual.travellerName, airline: applied.residual.airline, date: applied.validUntil })
              : t("booking.checkout.voucher.applied", { code: applied.code, date: applied.validUntil })}{" "}
            <MoneyText money={applied.left} />
          </Typography.Text>
          <Typography.Text data-testid="voucher-pays">
            {t("booking.checkout.voucher.pays")} <MoneyText money={voucherShare(applied, total)} strong />
          </Typography.Text>
          <Typography.Text data-testid="voucher-rest">
            {restToPay(total, applied).amount === 0 ? t("booking.checkout.voucher.coversAll") : <>{t("booking.checkout.voucher.rest")} <MoneyText money={restToPay(total, applied)} strong /></>}
          </Typography.Text>
          <Button size="small" onClick={voucher.remove}>{t("booking.checkout.voucher.remove")}</Button>
        </Space>
      ) : (
        <Space direction="vertical" style={{ width: "100%" }}>
          <Typography.Text type="secondary">{t(`booking.checkout.voucher.explained.${kinds}`)}</Typography.Text>
          <Space.Compact style={{ width: "100%", maxWidth: 420 }}>
            <Input
              aria-label={t(`booking.checkout.voucher.code.${kinds}`)}
              placeholder="EV-XXXX-XXXX-XXXX"
              dir="ltr"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              onPressEnter={() => code.trim() && voucher.apply(code)}
            />
            <Button onClick={() => voucher.apply(code)} loading={voucher.checking} disabled={!code.trim()}>{t("booking.checkout.voucher.apply")}</Button>
          </Space.Compact>
          {voucher.error && <Alert type="error" showIcon message={<span dir="auto">{voucher.error}</span>} data-testid="voucher-error" />}
          {voucher.usable.length > 0 && (
            <Space direction="vertical" size={4} data-testid="voucher-usable">
              <Typography.Text type="secondary">{t("booking.checkout.voucher.usable")}</Typography.Text>
              <Space wrap>
                {voucher.usable.map((usable) => (
                  <Button key={usable.code} size="small" onClick={() => voucher.apply(usable.code)} loading={voucher.checking}>
                    <span dir="ltr">{usable.code}</span>
                    {usable.residual && <span>· {usable.residual.travellerName} · {usable.residual.airline}</span>}
                    <span>· <MoneyText money={usable.left} /></span>
                  </Button>
                ))}
              </Space>
            </Space>
          )}
        </Space>
      )}
    </Card>
  );
}
